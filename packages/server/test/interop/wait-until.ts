/** Polls `check` until it returns a truthy value; fails after `timeoutMs` with `what` in the message. */
export async function waitUntil<T>(
  what: string,
  check: () => T | Promise<T>,
  timeoutMs = 10_000,
  everyMs = 25,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
