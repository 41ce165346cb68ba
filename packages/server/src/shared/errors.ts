/**
 * Errors raised by core and adapters. Adapters map `kind` to the status or code their clients expect,
 * so a client's mistake is never reported as a server failure.
 */
export type ErrorKind = 'invalid' | 'not_found' | 'conflict' | 'forbidden' | 'unavailable';

export class NacosError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'NacosError';
  }
}

export const invalid = (message: string) => new NacosError('invalid', message);
export const notFound = (message: string) => new NacosError('not_found', message);
export const conflict = (message: string) => new NacosError('conflict', message);
export const forbidden = (message: string) => new NacosError('forbidden', message);

export const HTTP_STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unavailable: 503,
};

/** The store cannot be reached (a cluster's database is down): the store has already said so in the log. */
export const isUnavailable = (err: unknown): boolean => err instanceof NacosError && err.kind === 'unavailable';
