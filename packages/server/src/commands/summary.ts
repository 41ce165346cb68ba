/** The closing lines of a command: what was done, what was left out, how long it took. */
export function printSummary(
  title: string,
  counts: Array<[string, number]>,
  extra: { skipped?: number; ignored?: number; startedAt: number; notes?: string[] },
  out: NodeJS.WritableStream = process.stdout,
): void {
  const seconds = ((Date.now() - extra.startedAt) / 1000).toFixed(1);
  const parts = counts.map(([what, n]) => `${n} ${what}`);
  if (extra.skipped !== undefined) parts.push(`${extra.skipped} skipped`);
  if (extra.ignored !== undefined) parts.push(`${extra.ignored} ignored`);
  out.write(`${title}: ${parts.join(', ')} in ${seconds}s\n`);
  for (const note of extra.notes ?? []) out.write(`  ${note}\n`);
}
