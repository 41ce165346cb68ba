import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { invalid } from '../../shared/errors.js';
import { assertUtf8Query } from './utf8-params.js';

export type Params = Record<string, string>;

function flatten(source: unknown, into: Params): void {
  if (!source || typeof source !== 'object' || Buffer.isBuffer(source)) return;
  for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
    if (k in into) continue;
    const value: unknown = Array.isArray(v) ? v[0] : v;
    if (typeof value === 'string') into[k] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') into[k] = String(value);
  }
}

/** Query parameters merged with form-body parameters; the query wins, as nacos servers do. */
export function requestParams(req: FastifyRequest): Params {
  assertUtf8Query(req.query);
  const params: Params = {};
  flatten(req.query, params);
  flatten(req.body, params);
  return params;
}

/** A trimmed parameter, or undefined when absent or blank (blank counts as absent for nacos). */
export function optional(params: Params, name: string): string | undefined {
  const v = params[name]?.trim();
  return v ? v : undefined;
}

/** The untrimmed value, for content that must be kept byte for byte. */
export function rawParam(params: Params, name: string): string | undefined {
  return params[name];
}

export function intParam(params: Params, name: string, fallback: number, min: number, max: number): number {
  const v = optional(params, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw invalid(`${name} must be a whole number between ${min} and ${max}, got ${v}`);
  }
  return n;
}

/** An address as clients know it: IPv4 without its IPv6-mapped prefix. */
export const plainIp = (address: string | undefined): string => (address ?? '').replace(/^::ffff:/, '');

/** The address of the calling client, for history and subscriber records. */
export function clientIp(req: FastifyRequest): string {
  return plainIp(req.ip);
}

const FORWARDED_IP = /^[0-9A-Za-z.:_-]{1,64}$/;

/**
 * The IP a gray (beta) release is matched against, as nacos matches it over HTTP: the first address of
 * `X-Forwarded-For`, else `X-Real-IP`, else the socket's (a client behind a reverse proxy is known by the
 * address the proxy forwards). Only which version a client reads depends on it, never what it may read: a
 * beta is also readable with `beta=true` by whoever may read the config. A malformed header is ignored.
 */
export function grayClientIp(req: FastifyRequest): string {
  for (const name of ['x-forwarded-for', 'x-real-ip']) {
    const header = req.headers[name];
    const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
    if (first && FORWARDED_IP.test(first)) return plainIp(first);
  }
  return plainIp(req.socket.remoteAddress);
}

/** The same, for a request a fast path answers (fastify's `req.ip` without a proxy to trust). */
export const socketIp = (req: IncomingMessage): string => plainIp(req.socket.remoteAddress);
