import { createHash } from 'node:crypto';
import { describeOp, endOf, type ConfigFields, type OpRecord } from './history.js';
import type { Violation } from './violation.js';

/** A config history entry as the history API lists it. */
export interface HistoryEntry {
  id: number;
  opType: 'I' | 'U' | 'D';
  content: string;
  /** The operator the write carried (our op id), null when the door carries none (a gRPC remove). */
  opUser: string | null;
}

export interface ConfigKeyFacts {
  key: string;
  /** The key's whole history, any order. */
  history: HistoryEntry[];
  /** The content in the database after the run; undefined when the key is absent. */
  final: string | undefined;
}

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

type ConfigOp = OpRecord<ConfigFields>;
/** A committed change in commit order: the op that made it (if known) and the window it lies in. */
interface Step {
  entry: HistoryEntry;
  op?: ConfigOp;
  from: number;
  to: number;
  /** The value after this step, undefined for a delete. */
  value: string | undefined;
}

/**
 * Checks one key's operations against its history (the commit order) and final value, as a register with
 * writes, casMd5 writes and deletes: every acknowledged write is in the history (or was a no-op: its value
 * was already current), no refused write is, the history order never contradicts the order in which writes
 * were acknowledged, each casMd5 write replaced the value it expected, and the final value is the last
 * committed one. Ops whose outcome is unknown may lie anywhere after their invocation. Only what is certain
 * is reported: each check looks for some placement of the commits that explains the op.
 */
export function checkConfigKey(ops: ConfigOp[], facts: ConfigKeyFacts): Violation[] {
  const violations: Violation[] = [];
  const report = (property: string, message: string, involved: Array<ConfigOp | undefined>) =>
    violations.push({
      property,
      subject: `config ${facts.key}`,
      message,
      ops: involved.filter((o): o is ConfigOp => o !== undefined).map(describeOp),
    });
  const byId = new Map(ops.map((op) => [op.id, op]));
  // an SDK's publish carries no operator: its (unique) value names it
  const anonymous = new Map(ops.filter((op) => op.fields.anonymous).map((op) => [op.fields.value, op]));
  const anonymousDeletes = ops.filter((op) => op.fields.kind === 'delete' && op.door === 'grpc');
  const entries = [...facts.history].sort((a, b) => a.id - b.id);
  const steps: Step[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const value = entry.opType === 'D' ? undefined : entry.content;
    const op =
      (entry.opUser ? byId.get(entry.opUser) : undefined) ??
      (entry.opType !== 'D' ? anonymous.get(entry.content) : undefined);
    if (op) {
      if (seen.has(op.id)) report('applied-twice', `history entry ${entry.id} repeats ${op.id}`, [op]);
      seen.add(op.id);
      if (op.outcome === 'fail') report('refused-write-applied', `history entry ${entry.id} is a refused op`, [op]);
      steps.push({ entry, op, from: op.invokedAt, to: endOf(op), value });
    } else if (entry.opType === 'D' && !entry.opUser && anonymousDeletes.length > 0) {
      // a gRPC remove carries no operator: it is one of them, somewhere in their joint window
      const from = Math.min(...anonymousDeletes.map((o) => o.invokedAt));
      steps.push({ entry, from, to: Math.max(...anonymousDeletes.map(endOf)), value });
    } else {
      report(
        'unexplained-write',
        `history entry ${entry.id} (${entry.opType} by ${entry.opUser}) is no op of the run`,
        [],
      );
      steps.push({ entry, from: -Infinity, to: Infinity, value });
    }
  }

  // commit order against acknowledgement order: a later commit cannot belong to an op acknowledged earlier
  for (let i = 0; i < steps.length; i++) {
    for (let j = i + 1; j < steps.length; j++) {
      const [a, b] = [steps[i], steps[j]];
      if (a.op && b.op && b.to < a.from) {
        report(
          'history-order',
          `history has ${a.op.id} (entry ${a.entry.id}) before ${b.op.id} (entry ${b.entry.id}), but ${b.op.id} was acknowledged before ${a.op.id} began`,
          [a.op, b.op],
        );
      }
    }
  }

  // each commit replaced the value before it
  steps.forEach((step, i) => {
    const before = i > 0 ? steps[i - 1].value : undefined;
    const op = step.op;
    if (op?.fields.kind === 'cas' && before !== undefined && md5(before) !== op.fields.expectedMd5) {
      report(
        'cas-over-other-value',
        `casMd5 write ${op.id} committed over "${before}", whose md5 is not the one it expected`,
        [op, steps[i - 1].op],
      );
    }
    if (step.entry.opType === 'D' && before !== step.entry.content) {
      report(
        'delete-history-mismatch',
        `history entry ${step.entry.id} deletes "${step.entry.content}" but the current value was ${before === undefined ? 'absent' : `"${before}"`}`,
        [op, steps[i - 1]?.op],
      );
    }
  });

  // latest start and earliest end of each commit, so that a period between two commits is placed widely
  const earliest: number[] = [];
  const latest: number[] = [];
  steps.forEach((s, i) => (earliest[i] = Math.max(s.from, i > 0 ? earliest[i - 1] : -Infinity)));
  for (let i = steps.length - 1; i >= 0; i--) latest[i] = Math.min(steps[i].to, latest[i + 1] ?? Infinity);
  /** The values the key may have held at some moment of [from, to]. */
  const valuesDuring = (from: number, to: number): Array<string | undefined> => {
    const values: Array<string | undefined> = [];
    for (let i = -1; i < steps.length; i++) {
      const start = i < 0 ? -Infinity : earliest[i];
      const end = i + 1 < steps.length ? latest[i + 1] : Infinity;
      if (start <= to && end >= from) values.push(i < 0 ? undefined : steps[i].value);
    }
    return values;
  };

  for (const op of ops) {
    if (seen.has(op.id)) continue;
    const window = valuesDuring(op.invokedAt, endOf(op));
    const { kind, value, expectedMd5 } = op.fields;
    if (op.outcome === 'ok' && kind !== 'delete' && !window.includes(value)) {
      report(
        'lost-write',
        `acknowledged write ${op.id} of "${value}" is not in the history and was never current during the call`,
        [op],
      );
    }
    if (op.outcome === 'ok' && kind === 'delete' && !window.includes(undefined)) {
      report(
        'lost-delete',
        `acknowledged delete ${op.id} removed nothing, though the key held a value during the whole call (${window.map((v) => `"${v}"`).join(', ')})`,
        [op],
      );
    }
    if (op.outcome === 'fail' && kind === 'cas' && op.detail === 'conflict') {
      if (!window.some((v) => v !== undefined && md5(v) !== expectedMd5)) {
        report(
          'false-conflict',
          `casMd5 write ${op.id} was refused as a conflict, but the value matched its md5 (or was absent) during the whole call`,
          [op],
        );
      }
    }
  }

  const last = steps.at(-1)?.value;
  if (facts.final !== last) {
    report('final-value', `the database holds ${show(facts.final)} but the last committed change is ${show(last)}`, [
      steps.at(-1)?.op,
    ]);
  }
  return violations;
}

const show = (v: string | undefined) => (v === undefined ? 'nothing' : `"${v}"`);
