import type { HistoryEntry } from './config-checker.js';
import { describeOp, type ConfigFields, type OpRecord, type ReadRecord } from './history.js';
import type { Violation } from './violation.js';

type ConfigOp = OpRecord<ConfigFields>;

/** Where in a key's commit order each value stood: index in the history (-1: before the first entry). */
function positions(history: HistoryEntry[]): Map<string | undefined, number[]> {
  const at = new Map<string | undefined, number[]>([[undefined, [-1]]]);
  [...history]
    .sort((a, b) => a.id - b.id)
    .forEach((entry, i) => {
      const value = entry.opType === 'D' ? undefined : entry.content;
      at.set(value, [...(at.get(value) ?? []), i]);
    });
  return at;
}

const show = (v: string | undefined) => (v === undefined ? 'nothing' : `"${v}"`);
const describeRead = (r: ReadRecord) =>
  `read by ${r.client} on node ${r.node}: ${show(r.value)} ${(r.invokedAt / 1000).toFixed(2)}–${(r.completedAt / 1000).toFixed(2)} s`;

/**
 * Reads of one key against the order its values were committed in (its history): on one node, a read never
 * returns a value committed before the value of a read that ended before it began (monotonic reads), nor
 * one committed before a write that node acknowledged before it began (read your writes). A value the key
 * held more than once counts at every place it held it, so only a certain step back is reported.
 */
export function checkReads(key: string, reads: ReadRecord[], ops: ConfigOp[], history: HistoryEntry[]): Violation[] {
  const at = positions(history);
  const entryIndex = new Map([...history].sort((a, b) => a.id - b.id).map((e, i) => [e.opUser, i]));
  const violations: Violation[] = [];
  const byNode = new Map<number, ReadRecord[]>();
  for (const r of reads) if (r.node !== 0) byNode.set(r.node, [...(byNode.get(r.node) ?? []), r]);
  for (const [node, list] of byNode) {
    list.sort((a, b) => a.invokedAt - b.invokedAt);
    // the newest place a read that already ended is certain to have reached
    let floor = -Infinity;
    let floorRead: ReadRecord | undefined;
    const ended = [...list].sort((a, b) => a.completedAt - b.completedAt);
    let e = 0;
    const writes = ops
      .filter((op) => op.node === node && op.outcome === 'ok' && entryIndex.has(op.id))
      .sort((a, b) => a.completedAt! - b.completedAt!);
    let w = 0;
    let writeFloor = -Infinity;
    let floorWrite: ConfigOp | undefined;
    for (const read of list) {
      while (e < ended.length && ended[e].completedAt < read.invokedAt) {
        const lowest = Math.min(...(at.get(ended[e].value) ?? [Infinity]));
        if (lowest !== Infinity && lowest > floor) [floor, floorRead] = [lowest, ended[e]];
        e++;
      }
      while (w < writes.length && writes[w].completedAt! < read.invokedAt) {
        const index = entryIndex.get(writes[w].id)!;
        if (index > writeFloor) [writeFloor, floorWrite] = [index, writes[w]];
        w++;
      }
      const places = at.get(read.value);
      if (!places) continue; // a value the history no longer holds (or an unknown one): nothing certain
      const newest = Math.max(...places);
      if (newest < floor && floorRead) {
        violations.push({
          property: 'read-went-back',
          subject: `config ${key}`,
          node,
          message: `${describeRead(read)} is older than ${describeRead(floorRead)}, which ended before it began`,
          ops: [],
        });
      }
      if (newest < writeFloor && floorWrite) {
        violations.push({
          property: 'read-missed-own-write',
          subject: `config ${key}`,
          node,
          message: `${describeRead(read)} is older than a write node ${node} acknowledged before it began`,
          ops: [describeOp(floorWrite)],
        });
      }
    }
  }
  return violations;
}
