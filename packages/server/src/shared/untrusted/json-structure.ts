import { overLimit } from './untrusted-error.js';

export interface JsonLimits {
  /** Arrays and objects inside each other. */
  maxDepth: number;
  /** Keys of one object. */
  maxKeys: number;
}

/**
 * Refuses JSON text nested deeper than `maxDepth` or with an object of more than `maxKeys` keys, in one pass
 * over the characters (strings skipped), before anyone calls JSON.parse. V8 parses deep JSON without
 * recursion, but what is done with the value afterwards (JSON.stringify, copies, walks) recurses and would
 * overflow the stack. Text that is not JSON at all passes: its readers already treat it as unreadable.
 */
export function checkJsonStructure(text: string, limits: JsonLimits, where: string): void {
  const keys: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      // an object counts its keys; an array is marked with -1
      keys.push(c === 0x7b ? 0 : -1);
      if (keys.length > limits.maxDepth) throw overLimit('json-depth', 'JSON nesting depth', limits.maxDepth, where);
    } else if (c === 0x7d || c === 0x5d) keys.pop();
    else if (c === 0x3a && keys.length > 0 && keys[keys.length - 1] >= 0) {
      if (++keys[keys.length - 1] > limits.maxKeys) {
        throw overLimit('json-keys', 'keys in one JSON object', limits.maxKeys, where);
      }
    }
  }
}
