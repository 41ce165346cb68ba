import { invalid } from '../../shared/errors.js';
import type { JsonObject } from './payload.js';

/**
 * Typed reads of request JSON fields. Clients differ in what they send for "nothing" (absent, null, ""), so
 * absent and null read as undefined; a value of the wrong type is the client's mistake and gets a clear error.
 */
export function optionalString(body: JsonObject, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw invalid(`${name} must be a string`);
}

export function stringField(body: JsonObject, name: string, fallback = ''): string {
  return optionalString(body, name) ?? fallback;
}

export function booleanField(body: JsonObject, name: string, fallback: boolean): boolean {
  const value = body[name];
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  throw invalid(`${name} must be true or false`);
}

export function numberField(body: JsonObject, name: string, fallback: number): number {
  const value = body[name];
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isFinite(n)) throw invalid(`${name} must be a number`);
  return n;
}

export function objectField(body: JsonObject, name: string): JsonObject | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(`${name} must be an object`);
  return value as JsonObject;
}

function arrayField(body: JsonObject, name: string): unknown[] {
  const value = body[name];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalid(`${name} must be an array`);
  return value;
}

/** A string->string map; null values (Java sends them in `additionMap`) are dropped. */
export function stringMapField(body: JsonObject, name: string): Record<string, string> {
  const obj = objectField(body, name);
  const out: Record<string, string> = {};
  if (!obj) return out;
  for (const [key, value] of Object.entries(obj)) {
    if (value === null || value === undefined) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw invalid(`${name}.${key} must be a string`);
    }
    out[key] = String(value);
  }
  return out;
}

/** Each element of an array field, as an object. */
export function objectArrayField(body: JsonObject, name: string): JsonObject[] {
  return arrayField(body, name).map((item, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      throw invalid(`${name}[${i}] must be an object`);
    return item as JsonObject;
  });
}
