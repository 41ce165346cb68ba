import { Composer, CST, isMap, isScalar, isSeq, Lexer, Parser, type Node } from 'yaml';
import { overLimit, unreadable } from './untrusted-error.js';

export interface YamlLimits {
  /** Collections inside collections. */
  maxDepth: number;
  /** Keys of one mapping. */
  maxKeys: number;
  /** Alias nodes (`*name`) in the document; also yaml's `maxAliasCount`, which bounds what they expand to. */
  maxAliases: number;
  /** Scalars, aliases and flow collections in the document. */
  maxNodes: number;
}

const NODE_TOKENS = new Set<string>([
  'scalar',
  'single-quoted-scalar',
  'double-quoted-scalar',
  'block-scalar-header',
  'alias',
  'flow-map-start',
  'flow-seq-start',
]);

/**
 * One YAML document as a JavaScript value, read within `limits`. The limits are checked token by token as
 * the lexer and parser go, so a document that breaks one stops at that point: yaml's parser slows down
 * faster than linearly with depth (half a million nested `[` took 6 s), and its duplicate-key check is
 * quadratic in the keys of a mapping (50,000 keys took 37 s). That check is done here with a set instead.
 * `where` (an entry's name) goes into the messages. Damage and duplicate keys are `invalid`.
 */
export function parseYamlWithin(text: string, limits: YamlLimits, where: string): unknown {
  const composer = new Composer({ uniqueKeys: false, logLevel: 'error' });
  const docs = [...composer.compose(checkedTokens(text, limits, where), true, text.length)];
  const doc = docs[0];
  if (docs.length > 1) throw unreadable(`${where}: holds more than one YAML document`);
  if (doc.errors.length > 0) throw unreadable(`${where}: not valid YAML (${doc.errors[0].message.split('\n')[0]})`);
  refuseDuplicateKeys(doc.contents, where);
  try {
    return doc.toJS({ maxAliasCount: limits.maxAliases }) as unknown;
  } catch (err) {
    if (err instanceof ReferenceError && /alias/i.test(err.message)) {
      throw overLimit('yaml-alias-expansion', 'YAML alias expansion', limits.maxAliases, where);
    }
    throw unreadable(`${where}: not valid YAML (${(err as Error).message})`);
  }
}

/** yaml's own lexer and parser, fed one lexeme at a time with the limits checked after each. */
function* checkedTokens(text: string, limits: YamlLimits, where: string): Generator<CST.Token> {
  const parser = new Parser();
  let nodes = 0;
  let aliases = 0;
  for (const lexeme of new Lexer().lex(text)) {
    const type = CST.tokenType(lexeme);
    if (type && NODE_TOKENS.has(type) && ++nodes > limits.maxNodes) {
      throw overLimit('yaml-nodes', 'YAML nodes', limits.maxNodes, where);
    }
    if (type === 'alias' && ++aliases > limits.maxAliases) {
      throw overLimit('yaml-aliases', 'YAML aliases', limits.maxAliases, where);
    }
    yield* parser.next(lexeme);
    const { stack } = parser;
    // the stack holds the document, the open collections and at most a few scalars or properties
    if (stack.length > limits.maxDepth && stack.filter(CST.isCollection).length > limits.maxDepth) {
      throw overLimit('yaml-depth', 'YAML nesting depth', limits.maxDepth, where);
    }
    if (type === 'map-value-ind' || type === 'comma') {
      const map = innermostMap(stack);
      if (map && map.items.length > limits.maxKeys) {
        throw overLimit('yaml-keys', 'keys in one YAML mapping', limits.maxKeys, where);
      }
    }
  }
  yield* parser.end();
}

function innermostMap(stack: CST.Token[]): CST.BlockMap | CST.FlowCollection | undefined {
  for (let i = stack.length - 1; i >= 0; i--) {
    const token = stack[i];
    if (token.type === 'block-map') return token;
    if (token.type === 'flow-collection') return token.start.source === '{' ? token : undefined;
    if (token.type === 'block-seq') return undefined;
  }
  return undefined;
}

/** yaml's rule (a key equal to an earlier scalar key), in linear time; depth is already bounded. */
function refuseDuplicateKeys(node: unknown, where: string): void {
  if (isMap(node)) {
    const seen = new Set<unknown>();
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? pair.key.value : pair.key;
      if (seen.has(key)) throw unreadable(`${where}: not valid YAML (map keys must be unique)`);
      seen.add(key);
      refuseDuplicateKeys(pair.key, where);
      refuseDuplicateKeys(pair.value, where);
    }
  } else if (isSeq(node)) {
    for (const item of node.items as Node[]) refuseDuplicateKeys(item, where);
  }
}
