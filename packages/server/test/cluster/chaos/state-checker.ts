import { describeOp, type OpRecord } from './history.js';
import type { Violation } from './violation.js';

/** One area of a model (configs, namespaces, ...) as `subject -> canonical value`. */
export type Snapshot = Map<string, string>;

/**
 * Every node serves what the database holds: the same subjects with the same values. Reports each subject
 * a node lacks, has in excess, or holds with another value.
 */
export function compareWithDatabase(area: string, db: Snapshot, nodes: Map<number, Snapshot>): Violation[] {
  const violations: Violation[] = [];
  for (const [node, served] of nodes) {
    for (const [subject, value] of db) {
      const mine = served.get(subject);
      if (mine === undefined) {
        violations.push({
          property: 'node-diverges',
          subject: `${area} ${subject}`,
          node,
          message: `missing; the database has ${value}`,
          ops: [],
        });
      } else if (mine !== value) {
        violations.push({
          property: 'node-diverges',
          subject: `${area} ${subject}`,
          node,
          message: `serves ${mine}; the database has ${value}`,
          ops: [],
        });
      }
    }
    for (const [subject, value] of served) {
      if (!db.has(subject)) {
        violations.push({
          property: 'node-diverges',
          subject: `${area} ${subject}`,
          node,
          message: `serves ${value}; the database has nothing`,
          ops: [],
        });
      }
    }
  }
  return violations;
}

/** An op of a single sequential client that sets `subject` to `value` (undefined: removes it). */
export interface SettingOp {
  op: OpRecord<unknown>;
  subject: string;
  value: string | undefined;
}

/**
 * For subjects each written by one client at a time: the final value is the one the last acknowledged op
 * set, or one a later op of unknown outcome set (undefined when nothing was ever acknowledged, unless an
 * op of unknown outcome set it). A lost acknowledged write and a stale one winning show up here.
 */
export function checkLastWrite(property: string, ops: SettingOp[], finals: Snapshot, area: string): Violation[] {
  const bySubject = new Map<string, SettingOp[]>();
  for (const s of ops) bySubject.set(s.subject, [...(bySubject.get(s.subject) ?? []), s]);
  const violations: Violation[] = [];
  for (const [subject, list] of bySubject) {
    list.sort((a, b) => a.op.invokedAt - b.op.invokedAt);
    let lastOk = -1;
    list.forEach((s, i) => s.op.outcome === 'ok' && (lastOk = i));
    const allowed = new Set<string | undefined>(lastOk < 0 ? [undefined] : [list[lastOk].value]);
    for (const s of list.slice(lastOk + 1)) if (s.op.outcome !== 'fail') allowed.add(s.value);
    const final = finals.get(subject);
    if (!allowed.has(final)) {
      const expected = [...allowed].map((v) => v ?? 'nothing').join(' or ');
      violations.push({
        property,
        subject: `${area} ${subject}`,
        message: `holds ${final ?? 'nothing'}; after the acknowledged ops it must be ${expected}`,
        ops: list.slice(Math.max(0, lastOk - 1)).map((s) => describeOp(s.op)),
      });
    }
  }
  return violations;
}

/** What one SDK-like client's instance should look like at the end. */
export interface ClientInstance {
  client: string;
  service: string;
  /** `ip:port` */
  address: string;
  alive: boolean;
  /** Weights it may show (the last acknowledged and any later unknown), for a live one. */
  weights: number[];
}

/** `service -> ip:port -> weight` as one node lists it. */
export type Listing = Map<string, Map<string, number>>;

/** Every live client's instance is listed on every node with a weight it may have; no dead one is listed. */
export function checkInstances(clients: ClientInstance[], listings: Map<number, Listing>): Violation[] {
  const violations: Violation[] = [];
  for (const [node, listing] of listings) {
    for (const c of clients) {
      const weight = listing.get(c.service)?.get(c.address);
      const subject = `instance ${c.service} ${c.address} of ${c.client}`;
      if (c.alive && weight === undefined) {
        violations.push({
          property: 'live-instance-missing',
          subject,
          node,
          message: 'the client is alive and registered, yet not listed',
          ops: [],
        });
      } else if (c.alive && !c.weights.includes(weight!)) {
        violations.push({
          property: 'instance-edit-lost',
          subject,
          node,
          message: `listed with weight ${weight}, expected ${c.weights.join(' or ')}`,
          ops: [],
        });
      } else if (!c.alive && weight !== undefined) {
        violations.push({
          property: 'dead-instance-listed',
          subject,
          node,
          message: 'the client is gone, yet its instance is still listed',
          ops: [],
        });
      }
    }
  }
  return violations;
}
