import type { FastifyRequest } from 'fastify';
import type { PageParam } from '@tsnacos/protocol';
import { invalid } from '../../shared/errors.js';
import { assertUtf8Query } from '../http-common/utf8-params.js';

/**
 * Request fields: the query string merged with a JSON or form body (the body wins), read by the names of the
 * wire type `T` from the protocol package, so a field renamed there no longer compiles here. Values are
 * unchecked until a reader below checks them.
 */
export type Input<T> = { readonly [K in keyof T]?: unknown };

/** A field name of the wire type. */
type Field<T> = keyof T & string;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

export function inputOf<T>(req: FastifyRequest): Input<T> {
  assertUtf8Query(req.query);
  const query = isPlainObject(req.query) ? req.query : {};
  if (req.body !== undefined && req.body !== null && !isPlainObject(req.body)) {
    throw invalid('the request body must be a JSON object');
  }
  return { ...query, ...(req.body ?? {}) } as Input<T>;
}

/** A string field (numbers and booleans are accepted as text); undefined when absent or null. */
export function text<T>(input: Input<T>, name: Field<T>): string | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw invalid(`${name} must be a string`);
}

/** Trimmed; blank counts as absent. */
export function optionalText<T>(input: Input<T>, name: Field<T>): string | undefined {
  const value = text(input, name)?.trim();
  return value ? value : undefined;
}

export function requiredText<T>(input: Input<T>, name: Field<T>): string {
  const value = optionalText(input, name);
  if (value === undefined) throw invalid(`${name} is required`);
  return value;
}

export function flag<T>(input: Input<T>, name: Field<T>): boolean | undefined {
  const value = input[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw invalid(`${name} must be true or false`);
}

export function wholeNumber<T>(input: Input<T>, name: Field<T>, min: number, max: number): number | undefined {
  const raw = text(input, name)?.trim();
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw invalid(`${name} must be a whole number from ${min} to ${max}, got ${raw}`);
  return n;
}

export function decimal<T>(input: Input<T>, name: Field<T>, min: number, max: number): number | undefined {
  const raw = text(input, name)?.trim();
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max)
    throw invalid(`${name} must be a number from ${min} to ${max}, got ${raw}`);
  return n;
}

/** A list given as a JSON array or as comma-separated text. */
export function stringList<T>(input: Input<T>, name: Field<T>): string[] | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) {
    if (!value.every((v) => typeof v === 'string')) throw invalid(`${name} must be a list of strings`);
    return value;
  }
  if (typeof value === 'string')
    return value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  throw invalid(`${name} must be a list of strings`);
}

export function objectField<T, K extends Field<T>>(input: Input<T>, name: K): Input<NonNullable<T[K]>> | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) throw invalid(`${name} must be an object`);
  return value;
}

export interface Page {
  pageNo: number;
  pageSize: number;
  offset: number;
}

const MAX_PAGE_SIZE = 100_000;

/** `pageNo` from 1; `pageSize` from 1, absent = everything. */
export function pageOf(input: Input<PageParam>): Page {
  const pageNo = wholeNumber(input, 'pageNo', 1, 1_000_000) ?? 1;
  const pageSize = wholeNumber(input, 'pageSize', 1, MAX_PAGE_SIZE) ?? MAX_PAGE_SIZE;
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}
