/** One broken guarantee, named so that a failure says what, where and which operations. */
export interface Violation {
  property: string;
  /** The config key, service, namespace, ... concerned. */
  subject: string;
  node?: number;
  message: string;
  /** The operations involved, described (`describeOp`). */
  ops: string[];
}

export function formatViolations(violations: Violation[], limit = 20): string {
  const lines = violations.slice(0, limit).map((v) => {
    const where = v.node === undefined ? '' : ` on node ${v.node}`;
    const ops = v.ops.map((o) => `\n      ${o}`).join('');
    return `  [${v.property}] ${v.subject}${where}: ${v.message}${ops}`;
  });
  const more = violations.length > limit ? `\n  ... and ${violations.length - limit} more` : '';
  const counts = new Map<string, number>();
  for (const v of violations) counts.set(v.property, (counts.get(v.property) ?? 0) + 1);
  const byProperty = [...counts].map(([property, n]) => `${property} ${n}`).join(', ');
  return `${violations.length} violation(s) (${byProperty}):\n${lines.join('\n')}${more}`;
}
