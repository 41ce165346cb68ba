/** A listen address meaning "every interface" (`0.0.0.0`, `::`, or none given). */
export function isWildcardHost(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '';
}
