/**
 * Why an untrusted document was refused: a limit it went past (413), damage (400), or no parse worker free
 * (429). Crosses the worker boundary as plain fields (`UntrustedFailure`), so it is rebuilt on the main
 * thread with the same message.
 */
export type RefusalKind = 'limit' | 'invalid' | 'busy';

export interface UntrustedFailure {
  kind: RefusalKind;
  message: string;
  /** Which limit, for `kind: 'limit'` (a short name such as `yaml-depth`). */
  limit?: string;
}

const STATUS: Record<RefusalKind, number> = { limit: 413, invalid: 400, busy: 429 };

export class UntrustedInputError extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly limit?: string,
  ) {
    super(message);
    this.name = 'UntrustedInputError';
  }

  get status(): number {
    return STATUS[this.kind];
  }

  toFailure(): UntrustedFailure {
    return { kind: this.kind, message: this.message, limit: this.limit };
  }

  static of(failure: UntrustedFailure): UntrustedInputError {
    return new UntrustedInputError(failure.kind, failure.message, failure.limit);
  }
}

/** A limit was passed: the message names the limit and its value, then where (an entry's name, a byte offset). */
export function overLimit(limit: string, description: string, value: number, where?: string): UntrustedInputError {
  const place = where ? ` in ${where}` : '';
  return new UntrustedInputError('limit', `limit exceeded: ${description} (${value})${place}`, limit);
}

export const unreadable = (message: string) => new UntrustedInputError('invalid', message);
