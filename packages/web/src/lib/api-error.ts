export type ApiErrorKind = 'http' | 'api' | 'network' | 'timeout' | 'aborted' | 'no-login' | 'parse';

/** Every failed console call rejects with this; `message` is the translated text shown to the user. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status?: number,
    readonly code?: string | null,
    readonly serverMessage?: string | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
