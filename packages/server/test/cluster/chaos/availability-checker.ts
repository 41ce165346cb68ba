import { describeOp, type ListSample, type NodeOutage, type OpRecord } from './history.js';
import type { Violation } from './violation.js';

/** A client that was alive and had an acknowledged registration of `address` in `service` from `from` to `to`. */
export interface LiveSpan {
  client: string;
  service: string;
  address: string;
  from: number;
  to: number;
  /** A longer gap this client is allowed (an SDK that registers again only on a slow timer). */
  maxGapMs?: number;
}

const overlaps = (outages: NodeOutage[], node: number, from: number, to: number) =>
  outages.some((o) => o.node === node && o.from <= to && o.to >= from);

/**
 * A live registered client's instance is never missing from a running node's list for longer than
 * `maxGapMs` (in samples taken while the node answered): a node cut off from the database must not keep
 * clients whose instances the other nodes dropped. A stretch across an outage of the node itself (down,
 * frozen, or cut off from the database, or the database frozen or stopped: it cannot hear of the others'
 * changes) starts again after it.
 */
export function checkGaps(
  spans: LiveSpan[],
  samples: ListSample[],
  outages: NodeOutage[],
  maxGapMs: number,
): Violation[] {
  const violations: Violation[] = [];
  const nodes = [...new Set(samples.map((s) => s.node))];
  for (const span of spans) {
    for (const node of nodes) {
      const seen = samples
        .filter((s) => s.node === node && s.service === span.service && s.at >= span.from && s.at <= span.to)
        .sort((a, b) => a.at - b.at);
      let missingSince: number | undefined;
      let worst = { from: 0, to: 0 };
      for (const sample of seen) {
        if (sample.addresses.has(span.address)) {
          missingSince = undefined;
          continue;
        }
        if (missingSince === undefined || overlaps(outages, node, missingSince, sample.at)) missingSince = sample.at;
        if (sample.at - missingSince > worst.to - worst.from) worst = { from: missingSince, to: sample.at };
      }
      const allowed = span.maxGapMs ?? maxGapMs;
      if (worst.to - worst.from > allowed) {
        violations.push({
          property: 'live-instance-gone-for-long',
          subject: `instance ${span.service} ${span.address} of ${span.client}`,
          node,
          message:
            `missing from ${(worst.from / 1000).toFixed(1)} to ${(worst.to / 1000).toFixed(1)} s ` +
            `(${((worst.to - worst.from) / 1000).toFixed(1)} s, more than ${allowed / 1000} s) while its client was alive and registered`,
          ops: [],
        });
      }
    }
  }
  return violations;
}

const TIMED_OUT = /TimeoutError|deadline exceeded|timed out/i;

/**
 * Every request to a running node is answered: one the client gave up waiting for (a timeout) while that
 * node was neither down nor frozen means the node hung on something (a database that does not answer)
 * instead of refusing.
 */
export function checkAnswered(ops: Array<OpRecord<unknown>>, outages: NodeOutage[]): Violation[] {
  // a node cut off from its database, or whose database is frozen or stopped, is running: it must answer (503)
  const stopped = outages.filter((o) => o.what !== 'cut-off' && o.what !== 'deaf');
  return ops
    .filter((op) => op.outcome === 'unknown' && TIMED_OUT.test(op.detail ?? ''))
    .filter((op) => op.node !== 0 && !overlaps(stopped, op.node, op.invokedAt, op.completedAt ?? Infinity))
    .map((op) => ({
      property: 'request-unanswered',
      subject: `${op.client} request`,
      node: op.node,
      message: `node ${op.node} was running but gave no answer within the client's timeout`,
      ops: [describeOp(op)],
    }));
}
