import { describe, expect, it } from 'vitest';
import { checkJsonStructure } from './json-structure.js';

const LIMITS = { maxDepth: 64, maxKeys: 10_000 };
const check = (text: string) => () => checkJsonStructure(text, LIMITS, 'the record at byte 9');

describe('checkJsonStructure', () => {
  it('passes JSON within the limits, and text that is not JSON', () => {
    expect(check('{"a":[1,{"b":"]]]]{{{"}],"c\\"":"\\\\"}')).not.toThrow();
    expect(check('['.repeat(64) + ']'.repeat(64))).not.toThrow();
    expect(check(JSON.stringify(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [i, i]))))).not.toThrow();
    expect(check('not json {')).not.toThrow();
  });

  it('refuses nesting past the depth limit, brackets inside strings aside', () => {
    expect(check('['.repeat(65))).toThrow('limit exceeded: JSON nesting depth (64) in the record at byte 9');
    expect(check('{"a":'.repeat(65))).toThrow('JSON nesting depth');
    expect(check(`["${'['.repeat(100)}"]`)).not.toThrow();
  });

  it('refuses an object of more keys than the limit; arrays are not counted', () => {
    const keys = JSON.stringify(Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [i, ':'])));
    expect(check(keys)).toThrow('limit exceeded: keys in one JSON object (10000)');
    expect(check(JSON.stringify(Array(20_000).fill({ a: 1 })))).not.toThrow();
  });
});
