/**
 * A list load asked for while the previous one is still running is ignored;
 * returns the action to run, or a no-op while loading.
 */
export function whenIdle<A extends unknown[]>(loading: boolean, action: (...args: A) => void): (...args: A) => void {
  return (...args: A) => {
    if (!loading) action(...args);
  };
}
