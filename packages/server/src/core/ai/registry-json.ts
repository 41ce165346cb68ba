import { invalid } from '../../shared/errors.js';
import { checkJsonStructure } from '../../shared/untrusted/json-structure.js';

/** A JSON object as a client sent it (specifications, cards): kept whole. */
export type JsonRecord = Record<string, unknown>;

export const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string field of `record` within `max` characters, trimmed; undefined when absent, null or blank. */
export function text(record: JsonRecord, field: string, max: number, label = field): string | undefined {
  const value = record[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalid(`${label} must be a string`);
  if (value.length > max) throw invalid(`${label} is longer than ${max} characters`);
  return value.trim() || undefined;
}

/** A specification is a few levels of objects: deeper ones would overflow the stack of whatever walks them. */
const SPEC_STRUCTURE = { maxDepth: 64, maxKeys: 10_000 };

function checkStructure(text: string, what: string): void {
  try {
    checkJsonStructure(text, SPEC_STRUCTURE, what);
  } catch (error) {
    throw invalid((error as Error).message);
  }
}

/** A JSON document as a string (HTTP form fields) or an object (gRPC bodies), within `maxBytes`. */
export function specDocument(value: unknown, what: string, maxBytes: number): JsonRecord | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  let doc: unknown = value;
  if (typeof value === 'string') {
    if (Buffer.byteLength(value) > maxBytes) throw invalid(`${what} is larger than ${maxBytes} bytes`);
    checkStructure(value, what);
    try {
      doc = JSON.parse(value) as unknown;
    } catch {
      throw invalid(`${what} is not valid JSON`);
    }
  } else {
    let text: string;
    try {
      text = JSON.stringify(value);
    } catch {
      // a gRPC body nested past the stack
      throw invalid(`${what} is nested too deep`);
    }
    if (text.length > maxBytes) throw invalid(`${what} is larger than ${maxBytes} bytes`);
    checkStructure(text, what);
  }
  if (!isRecord(doc)) throw invalid(`${what} must be a JSON object`);
  return doc;
}
