import { isUtf8 } from 'node:buffer';
import { invalid } from '../../shared/errors.js';

/** Names of the query parameters whose bytes were not UTF-8, kept on the parsed query for the readers. */
const NOT_UTF8 = Symbol('parameters that are not UTF-8');

type Parsed = Record<string, string | string[]> & { [NOT_UTF8]?: string[] };

const hexValue = (code: number): number =>
  code >= 48 && code <= 57
    ? code - 48
    : code >= 65 && code <= 70
      ? code - 55
      : code >= 97 && code <= 102
        ? code - 87
        : -1;

/**
 * The bytes of one URL-encoded name or value (one character per byte): `+` is a space, `%XX` a byte; a
 * malformed escape stays text.
 */
function bytesOf(part: string): Buffer {
  const out = Buffer.allocUnsafe(part.length * 3);
  let n = 0;
  for (let i = 0; i < part.length; i++) {
    const code = part.charCodeAt(i);
    if (code === 0x25 && i + 2 < part.length) {
      const hi = hexValue(part.charCodeAt(i + 1));
      const lo = hexValue(part.charCodeAt(i + 2));
      if (hi >= 0 && lo >= 0) {
        out[n++] = hi * 16 + lo;
        i += 2;
        continue;
      }
    }
    if (code > 0xff)
      n += out.write(part[i], n, 'utf8'); // text already decoded (never from node's parser)
    else out[n++] = code === 0x2b ? 0x20 : code;
  }
  return out.subarray(0, n);
}

/** Whether the text needs decoding at all: most names and values are plain ASCII. */
const PLAIN = /^[\x20-\x24\x26-\x2a\x2c-\x7e]*$/;

/** Text of ASCII characters only: its `%XX` escapes are all there is to decode. */
// eslint-disable-next-line no-control-regex -- every ASCII character, controls included
const ASCII = /^[\x00-\x7f]*$/;
const PLUS = /\+/g;

/**
 * The UTF-8 text of an encoded name or value, or undefined when its bytes are not UTF-8. An ASCII part
 * (what clients send) is decoded by `decodeURIComponent`, which refuses what is not UTF-8 and malformed
 * escapes alike; those, and text holding other characters, take the byte by byte way (a malformed escape
 * stays text there). About 1.5 µs less per register.
 */
function decoded(raw: string): string | undefined {
  if (ASCII.test(raw)) {
    try {
      return decodeURIComponent(raw.replace(PLUS, ' '));
    } catch {
      // a malformed escape or bytes that are not UTF-8: decided below
    }
  }
  const bytes = bytesOf(raw);
  return isUtf8(bytes) ? bytes.toString('utf8') : undefined;
}

/**
 * Splits `a=1&b=2` (`text` holding one character per byte, as node gives URLs and latin1 gives bodies) and
 * decodes names and values as UTF-8. A value whose bytes are not UTF-8 is reported to `bad`, never replaced
 * with U+FFFD: content changed silently is worse than content refused.
 */
function eachPair(text: string, add: (name: string, value: string) => void, bad: (name: string) => void): void {
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    const name = PLAIN.test(rawName) ? rawName : decoded(rawName);
    if (name === undefined) {
      bad(bytesOf(rawName).toString('utf8'));
      continue;
    }
    const value = PLAIN.test(rawValue) ? rawValue : decoded(rawValue);
    if (value === undefined) bad(name);
    else add(name, value);
  }
}

export const notUtf8 = (name: string) => invalid(`parameter ${name} is not valid UTF-8`);

/**
 * A form body: the first value of each name wins. Throws an `invalid` error for a name or value that is not
 * UTF-8, whatever charset the request declares.
 */
export function parseUtf8Form(body: Buffer): Record<string, string> {
  const params: Record<string, string> = {};
  eachPair(
    body.toString('latin1'),
    (name, value) => {
      if (!(name in params)) params[name] = value;
    },
    (name) => {
      throw notUtf8(name);
    },
  );
  return params;
}

/**
 * Objects with no Object.prototype above them (a parameter named `__proto__` or `constructor` is just a
 * name) that V8 still keeps in fast mode: `Object.create(null)` makes a dictionary, whose stores and reads
 * cost about 2 µs more per register. fastify's own parser does the same.
 */
const EmptyParams = function EmptyParams() {} as unknown as new () => Parsed;
EmptyParams.prototype = Object.create(null) as object;

/**
 * The query parser of the HTTP ports (fastify's `querystringParser`, which may not throw): repeated names
 * give arrays, as fastify's own parser does; names whose bytes are not UTF-8 are left out and remembered, so
 * the parameter readers refuse the request (`assertUtf8Query`).
 */
export function parseUtf8Query(query: string): Parsed {
  const params = new EmptyParams();
  const bad: string[] = [];
  eachPair(
    query,
    (name, value) => {
      const seen = params[name];
      if (seen === undefined) params[name] = value;
      else if (Array.isArray(seen)) seen.push(value);
      else params[name] = [seen, value];
    },
    (name) => bad.push(name),
  );
  if (bad.length > 0) params[NOT_UTF8] = bad;
  return params;
}

/** Throws an `invalid` error when the parsed query held a parameter that is not UTF-8. */
export function assertUtf8Query(query: unknown): void {
  const bad = (query as Parsed | null | undefined)?.[NOT_UTF8];
  if (bad) throw notUtf8(bad[0]);
}
