import { describe, expect, it } from 'vitest';
import { UntrustedInputError } from './untrusted-error.js';
import { parseYamlWithin, type YamlLimits } from './yaml-document.js';

const LIMITS: YamlLimits = { maxDepth: 64, maxKeys: 10_000, maxAliases: 100, maxNodes: 50_000 };
const read = (text: string) => parseYamlWithin(text, LIMITS, 'a.yaml');

/** The refusal `text` gets, and how long it took to get it. */
function refusal(text: string): { err: UntrustedInputError; ms: number } {
  const started = performance.now();
  try {
    read(text);
  } catch (err) {
    expect(err).toBeInstanceOf(UntrustedInputError);
    return { err: err as UntrustedInputError, ms: performance.now() - started };
  }
  throw new Error('the document was accepted');
}

const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}: 1`).join('\n');
/** Nine levels of nine aliases each: a billion `lol`s once expanded, from 90 aliases. */
function laughs(): string {
  const lines = ['a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i < 9; i++) {
    const [name, prev] = [String.fromCharCode(97 + i), String.fromCharCode(96 + i)];
    lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(', ')}]`);
  }
  return lines.join('\n');
}

describe('parseYamlWithin', () => {
  it('reads a tool spec as yaml does', () => {
    const spec =
      'group: shop\nname: get_order\ninputSchema:\n  type: object\n  required: [id]\n  x: &x {a: 1}\n  y: *x\n';
    expect(read(spec)).toEqual({
      group: 'shop',
      name: 'get_order',
      inputSchema: { type: 'object', required: ['id'], x: { a: 1 }, y: { a: 1 } },
    });
    expect(read('')).toBeNull();
  });

  it('takes documents at the limits', () => {
    expect(read('['.repeat(64) + ']'.repeat(64))).toBeDefined();
    expect(Object.keys(read(keys(10_000)) as object)).toHaveLength(10_000);
  });

  it('stops nesting past the depth limit as it reads, in flow, sequence and indented form', () => {
    const bracket = refusal('['.repeat(200_000));
    expect(bracket.err).toMatchObject({ kind: 'limit', limit: 'yaml-depth', status: 413 });
    expect(bracket.err.message).toBe('limit exceeded: YAML nesting depth (64) in a.yaml');
    // half a million brackets took yaml's parser 6 s; here the 65th stops it
    expect(bracket.ms).toBeLessThan(1_000);
    expect(refusal('- '.repeat(100_000) + 'x').err.limit).toBe('yaml-depth');
    expect(refusal('{a: '.repeat(100_000)).err.limit).toBe('yaml-depth');
    const indented = Array.from({ length: 65 }, (_, i) => ' '.repeat(i) + 'a:').join('\n') + ' 1';
    expect(refusal(indented).err.limit).toBe('yaml-depth');
  });

  it('stops a mapping past the key limit, block or flow', () => {
    const bomb = refusal(keys(30_000));
    expect(bomb.err).toMatchObject({
      limit: 'yaml-keys',
      message: 'limit exceeded: keys in one YAML mapping (10000) in a.yaml',
    });
    expect(refusal(`{${Array.from({ length: 10_001 }, (_, i) => `k${i}: 1`).join(', ')}}`).err.limit).toBe('yaml-keys');
  });

  it('refuses too many aliases, and aliases that would expand beyond measure', () => {
    const many = `a: &a [1]\n${Array.from({ length: 101 }, (_, i) => `b${i}: *a`).join('\n')}`;
    expect(refusal(many).err).toMatchObject({
      limit: 'yaml-aliases',
      message: 'limit exceeded: YAML aliases (100) in a.yaml',
    });
    const expanded = refusal(laughs());
    expect(expanded.err).toMatchObject({ limit: 'yaml-alias-expansion', status: 413 });
    expect(expanded.ms).toBeLessThan(1_000);
  });

  it('refuses a document of too many nodes', () => {
    expect(refusal(`[${Array(50_001).fill('1').join(',')}]`).err).toMatchObject({
      limit: 'yaml-nodes',
      message: 'limit exceeded: YAML nodes (50000) in a.yaml',
    });
  });

  it('finds duplicate keys (as yaml does) and damage: invalid, not a limit', () => {
    expect(refusal('a: 1\nb: 2\na: 3').err).toMatchObject({
      kind: 'invalid',
      status: 400,
      message: 'a.yaml: not valid YAML (map keys must be unique)',
    });
    expect(refusal('a: {b: 1, b: 2}').err.kind).toBe('invalid');
    expect(refusal('a: [1, 2').err.message).toMatch(/^a\.yaml: not valid YAML \(/);
    expect(refusal('a: 1\n---\nb: 2').err.message).toBe('a.yaml: holds more than one YAML document');
  });
});
