import { describeOp, type OpRecord } from './history.js';
import type { InstanceFields } from './naming-clients.js';
import type { Violation } from './violation.js';

/** `absent`, or `weight N`: an ephemeral instance as a node lists it or as its row holds it. */
export type InstanceState = string;

/** One round of writes of one instance through different nodes, back to back, and what was seen at once. */
export interface InstanceRound {
  client: string;
  subject: string;
  ops: Array<OpRecord<InstanceFields>>;
  /** The rows the database held right after (each row's state; none: `[]`), if it could be read. */
  database?: InstanceState[];
  /** What the node that answered the round's last acknowledged op listed right after, if it answered. */
  node?: { node: number; state: InstanceState };
}

const effect = (op: OpRecord<InstanceFields>): InstanceState =>
  op.fields.kind === 'deregister' ? 'absent' : `weight ${op.fields.weight ?? 1}`;

/**
 * What the instance may hold after a round of one client's ops: what the last acknowledged op left (absent
 * when none was), or what an op of unknown outcome left, since it may have taken effect at any time.
 */
export function allowedAfter(ops: Array<OpRecord<InstanceFields>>): Set<InstanceState> {
  let last: OpRecord<InstanceFields> | undefined;
  for (const op of ops) if (op.outcome === 'ok') last = op;
  const allowed = new Set<InstanceState>([last ? effect(last) : 'absent']);
  for (const op of ops) if (op.outcome === 'unknown') allowed.add(effect(op));
  return allowed;
}

/**
 * Each round's outcome, seen right after it: the database holds what the acknowledged ops leave (one row at
 * most), and the node that acknowledged the last op lists the same (it answered after the commit, so it
 * has it): a write acknowledged through one node is never lost to one acknowledged through another.
 */
export function checkRounds(rounds: InstanceRound[]): Violation[] {
  const violations: Violation[] = [];
  for (const round of rounds) {
    const allowed = allowedAfter(round.ops);
    const expected = [...allowed].join(' or ');
    const ops = round.ops.map(describeOp);
    if (round.database) {
      const rows = round.database.length === 0 ? ['absent'] : round.database;
      if (round.database.length > 1 || !allowed.has(rows[0])) {
        violations.push({
          property: 'instance-write-lost',
          subject: round.subject,
          message: `the database holds ${rows.join(', ')} right after the round; it must hold ${expected}`,
          ops,
        });
      }
    }
    if (round.node && !allowed.has(round.node.state)) {
      violations.push({
        property: 'instance-write-not-seen',
        subject: round.subject,
        node: round.node.node,
        message: `lists ${round.node.state} right after acknowledging the round's last write; it must list ${expected}`,
        ops,
      });
    }
  }
  return violations;
}
