import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkAnswered, checkGaps } from './availability-checker.js';
import { checkConfigKey, type HistoryEntry } from './config-checker.js';
import type { ConfigFields, ListSample, OpRecord, Outcome, ReadRecord } from './history.js';
import type { InstanceFields } from './naming-clients.js';
import { checkReads } from './read-checker.js';
import { checkRounds } from './round-checker.js';
import { checkInstances, checkLastWrite, compareWithDatabase } from './state-checker.js';

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
let nextId = 0;
function op(
  fields: Omit<ConfigFields, 'key'>,
  at: [number, number],
  outcome: Outcome = 'ok',
  detail?: string,
): OpRecord<ConfigFields> {
  return {
    id: `op${++nextId}`,
    client: 'c',
    node: 1,
    door: 'http',
    invokedAt: at[0],
    completedAt: at[1],
    outcome,
    detail,
    fields: { key: 'k', ...fields },
  };
}
const put = (value: string, at: [number, number], outcome?: Outcome) => op({ kind: 'put', value }, at, outcome);
const entry = (
  id: number,
  o: OpRecord<ConfigFields>,
  opType: HistoryEntry['opType'],
  content = o.fields.value ?? '',
): HistoryEntry => ({ id, opType, content, opUser: o.id });
const properties = (v: Array<{ property: string }>) => v.map((x) => x.property);

describe('config history checker', () => {
  it('accepts a history with concurrent writes in either order, a casMd5 winner and loser, a delete and an unknown write', () => {
    const a = put('a', [0, 10]);
    const b = put('b', [5, 20]); // concurrent with a: committed first, allowed
    const c = op({ kind: 'cas', value: 'c', expectedMd5: md5('a') }, [30, 40]);
    const lost = op({ kind: 'cas', value: 'x', expectedMd5: md5('b') }, [31, 41], 'fail', 'conflict');
    const d = op({ kind: 'delete' }, [50, 60]);
    const maybe = put('m', [70, 80], 'unknown'); // never applied: allowed
    const again = put('c2', [90, 95]);
    const history = [entry(1, b, 'I'), entry(2, a, 'U'), entry(3, c, 'U'), entry(4, d, 'D', 'c'), entry(5, again, 'I')];
    expect(checkConfigKey([a, b, c, lost, d, maybe, again], { key: 'k', history, final: 'c2' })).toEqual([]);
  });

  it('finds a lost acknowledged write', () => {
    const a = put('a', [0, 10]);
    const b = put('b', [20, 30]);
    const violations = checkConfigKey([a, b], { key: 'k', history: [entry(1, a, 'I')], final: 'a' });
    expect(properties(violations)).toEqual(['lost-write']);
    expect(violations[0].ops[0]).toContain(b.id);
  });

  it('finds a stale overwrite: an earlier acknowledged write committed after a later one', () => {
    const a = put('a', [0, 10]);
    const b = put('b', [20, 30]);
    const violations = checkConfigKey([a, b], { key: 'k', history: [entry(1, b, 'I'), entry(2, a, 'U')], final: 'a' });
    expect(properties(violations)).toEqual(['history-order']);
  });

  it('finds an acknowledged republish that a stale node answered without writing', () => {
    const a = put('a', [0, 10]);
    const b = put('b', [20, 30]);
    const again = put('a', [40, 50]);
    const violations = checkConfigKey([a, b, again], {
      key: 'k',
      history: [entry(1, a, 'I'), entry(2, b, 'U')],
      final: 'b',
    });
    expect(properties(violations)).toEqual(['lost-write']);
  });

  it('finds an acknowledged delete that removed nothing, a refused casMd5 that matched, and a wrong final value', () => {
    const a = put('a', [0, 10]);
    const d = op({ kind: 'delete' }, [20, 30]);
    const cas = op({ kind: 'cas', value: 'z', expectedMd5: md5('a') }, [40, 50], 'fail', 'conflict');
    const violations = checkConfigKey([a, d, cas], { key: 'k', history: [entry(1, a, 'I')], final: undefined });
    expect(properties(violations)).toEqual(['lost-delete', 'false-conflict', 'final-value']);
  });

  it('finds a refused write in the history and a casMd5 write over a value it did not expect', () => {
    const a = put('a', [0, 10]);
    const b = put('b', [20, 30]);
    const cas = op({ kind: 'cas', value: 'c', expectedMd5: md5('a') }, [40, 50]);
    const refused = op({ kind: 'cas', value: 'r', expectedMd5: md5('c') }, [60, 70], 'fail', 'conflict');
    const history = [entry(1, a, 'I'), entry(2, b, 'U'), entry(3, cas, 'U'), entry(4, refused, 'U')];
    expect(properties(checkConfigKey([a, b, cas, refused], { key: 'k', history, final: 'r' }))).toEqual([
      'refused-write-applied',
      'cas-over-other-value',
    ]);
  });
  it('places a gRPC remove, which names no operator, within the window of the gRPC removes', () => {
    const a = put('a', [0, 10]);
    const d = { ...op({ kind: 'delete' }, [20, 30]), door: 'grpc' as const };
    const anonymous: HistoryEntry = { id: 2, opType: 'D', content: 'a', opUser: null };
    expect(checkConfigKey([a, d], { key: 'k', history: [entry(1, a, 'I'), anonymous], final: undefined })).toEqual([]);
    // without a gRPC remove in the run, the same entry is unexplained
    expect(
      properties(checkConfigKey([a], { key: 'k', history: [entry(1, a, 'I'), anonymous], final: undefined })),
    ).toEqual(['unexplained-write']);
  });

  it('finds a delete whose history entry names a value that was not current (decided on a stale copy)', () => {
    const a = put('a', [0, 10]);
    const b = put('b', [20, 30]);
    const d = op({ kind: 'delete' }, [40, 50]);
    const history = [entry(1, a, 'I'), entry(2, b, 'U'), entry(3, d, 'D', 'a')];
    expect(properties(checkConfigKey([a, b, d], { key: 'k', history, final: undefined }))).toEqual([
      'delete-history-mismatch',
    ]);
  });
});

describe('state checkers', () => {
  it('passes nodes that serve what the database holds and names a diverging node', () => {
    const db = new Map([
      ['k1', 'md5-1'],
      ['k2', 'md5-2'],
    ]);
    expect(
      compareWithDatabase(
        'config',
        db,
        new Map([
          [1, new Map(db)],
          [2, new Map(db)],
        ]),
      ),
    ).toEqual([]);
    const stale = new Map([
      ['k1', 'md5-old'],
      ['k3', 'md5-3'],
    ]);
    const violations = compareWithDatabase(
      'config',
      db,
      new Map([
        [1, new Map(db)],
        [2, stale],
      ]),
    );
    expect(violations.map((v) => [v.node, v.subject, v.message])).toEqual([
      [2, 'config k1', 'serves md5-old; the database has md5-1'],
      [2, 'config k2', 'missing; the database has md5-2'],
      [2, 'config k3', 'serves md5-3; the database has nothing'],
    ]);
  });

  it('holds a sequential client to its last acknowledged write, allowing later unknown ones', () => {
    const at = (t: number, outcome: Outcome) => ({
      id: `s${t}`,
      client: 'p',
      node: 1,
      door: 'http' as const,
      invokedAt: t,
      completedAt: t + 1,
      outcome,
      fields: {},
    });
    const ops = [
      { op: at(1, 'ok'), subject: 'i1', value: 'w=1' },
      { op: at(2, 'ok'), subject: 'i1', value: undefined },
      { op: at(3, 'unknown'), subject: 'i1', value: 'w=3' },
      { op: at(4, 'ok'), subject: 'i2', value: 'w=2' },
      { op: at(5, 'fail'), subject: 'i2', value: 'w=9' },
    ];
    expect(
      checkLastWrite(
        'lost',
        ops,
        new Map([
          ['i1', 'w=3'],
          ['i2', 'w=2'],
        ]),
        'instance',
      ),
    ).toEqual([]);
    expect(checkLastWrite('lost', ops, new Map([['i2', 'w=2']]), 'instance')).toEqual([]);
    const lost = checkLastWrite('lost', ops, new Map([['i1', 'w=1']]), 'instance');
    expect(lost.map((v) => [v.subject, v.message])).toEqual([
      ['instance i1', 'holds w=1; after the acknowledged ops it must be nothing or w=3'],
      ['instance i2', 'holds nothing; after the acknowledged ops it must be w=2'],
    ]);
  });

  it('wants live instances listed everywhere and dead ones nowhere', () => {
    const clients = [
      { client: 'g1', service: 's', address: '10.0.0.1:1', alive: true, weights: [2] },
      { client: 'g2', service: 's', address: '10.0.0.2:1', alive: false, weights: [] },
    ];
    const good = new Map([['s', new Map([['10.0.0.1:1', 2]])]]);
    expect(
      checkInstances(
        clients,
        new Map([
          [1, good],
          [2, good],
        ]),
      ),
    ).toEqual([]);
    const bad = new Map([['s', new Map([['10.0.0.2:1', 1]])]]);
    expect(
      checkInstances(
        clients,
        new Map([
          [1, good],
          [3, bad],
        ]),
      ).map((v) => [v.property, v.node]),
    ).toEqual([
      ['live-instance-missing', 3],
      ['dead-instance-listed', 3],
    ]);
  });
});

describe('read checker', () => {
  const read = (node: number, value: string | undefined, at: [number, number]): ReadRecord => ({
    client: 'r',
    node,
    key: 'k',
    value,
    invokedAt: at[0],
    completedAt: at[1],
  });

  it('accepts reads that only go forward on each node, and a node behind another one', () => {
    const a = put('a', [0, 10]);
    const b = put('b', [20, 30]);
    const history = [entry(1, a, 'I'), entry(2, b, 'U')];
    const reads = [
      read(1, 'a', [12, 14]),
      read(1, 'b', [31, 33]),
      read(2, undefined, [15, 16]),
      read(2, 'a', [40, 41]),
    ];
    expect(checkReads('k', reads, [a, b], history)).toEqual([]);
  });

  it('finds a read older than one that ended before it on the same node', () => {
    const a = put('a', [0, 10]);
    const b = put('b', [20, 30]);
    const history = [entry(1, a, 'I'), entry(2, b, 'U')];
    const violations = checkReads('k', [read(2, 'b', [31, 32]), read(2, 'a', [33, 34])], [a, b], history);
    expect(properties(violations)).toEqual(['read-went-back']);
  });

  it('finds a node that acknowledged a write and then served an older value', () => {
    const a = put('a', [0, 10]);
    const b = { ...put('b', [20, 30]), node: 3 };
    const history = [entry(1, a, 'I'), entry(2, b, 'U')];
    expect(properties(checkReads('k', [read(3, 'a', [31, 32])], [a, b], history))).toEqual(['read-missed-own-write']);
    // a value the key held again later is no certain step back
    const again = put('a', [40, 50]);
    const later = [...history, entry(3, again, 'U')];
    expect(checkReads('k', [read(3, 'a', [31, 32])], [a, b, again], later)).toEqual([]);
  });

  it("knows an SDK's publish, which carries no operator, by its value", () => {
    const sdk = { ...put('sdk-value', [0, 10]), node: 0 };
    sdk.fields.anonymous = true;
    const unnamed: HistoryEntry = { id: 1, opType: 'I', content: 'sdk-value', opUser: '' };
    expect(checkConfigKey([sdk], { key: 'k', history: [unnamed], final: 'sdk-value' })).toEqual([]);
  });
});

describe('back-to-back rounds', () => {
  const instanceOp = (kind: InstanceFields['kind'], node: number, weight?: number, outcome: Outcome = 'ok') =>
    ({
      id: `i${++nextId}`,
      client: 'b2b',
      node,
      door: 'http',
      invokedAt: nextId,
      completedAt: nextId + 1,
      outcome,
      fields: { kind, service: 's', address: '10.0.0.1:1', weight },
    }) as OpRecord<InstanceFields>;

  it('wants what the last acknowledged op left in the database and on the node that acknowledged it', () => {
    const ops = [instanceOp('register', 1, 1), instanceOp('edit', 2, 5)];
    expect(
      checkRounds([{ client: 'b2b', subject: 'x', ops, database: ['weight 5'], node: { node: 2, state: 'weight 5' } }]),
    ).toEqual([]);
    const lost = checkRounds([
      { client: 'b2b', subject: 'x', ops, database: ['weight 1'], node: { node: 2, state: 'weight 1' } },
    ]);
    expect(properties(lost)).toEqual(['instance-write-lost', 'instance-write-not-seen']);
  });

  it('finds a deregister that left the row, and allows what an op of unknown outcome may have done', () => {
    const ops = [instanceOp('register', 1, 1), instanceOp('deregister', 2)];
    expect(properties(checkRounds([{ client: 'b', subject: 'x', ops, database: ['weight 1'] }]))).toEqual([
      'instance-write-lost',
    ]);
    expect(checkRounds([{ client: 'b', subject: 'x', ops, database: [] }])).toEqual([]);
    const unknown = [...ops, instanceOp('edit', 3, 7, 'unknown')];
    expect(checkRounds([{ client: 'b', subject: 'x', ops: unknown, database: ['weight 7'] }])).toEqual([]);
    // two rows of one instance: two nodes think they own it
    expect(
      properties(checkRounds([{ client: 'b', subject: 'x', ops: unknown, database: ['weight 7', 'weight 7'] }])),
    ).toEqual(['instance-write-lost']);
  });
});

describe('availability checkers', () => {
  const sample = (node: number, at: number, listed: boolean): ListSample => ({
    node,
    service: 's',
    addresses: new Set(listed ? ['10.0.0.1:1'] : []),
    at,
  });
  const span = { client: 'g', service: 's', address: '10.0.0.1:1', from: 0, to: 20_000 };

  it('finds a live instance missing from a running node for longer than allowed', () => {
    const samples = [0, 1_000, 2_000, 9_000, 10_000].map((at) => sample(1, at, at < 2_000));
    samples.push(sample(1, 11_000, true));
    const violations = checkGaps([span], samples, [], 5_000);
    expect(violations.map((v) => [v.property, v.node])).toEqual([['live-instance-gone-for-long', 1]]);
    expect(violations[0].message).toContain('8.0 s');
    // a shorter gap, and the client not yet registered, pass
    expect(checkGaps([span], samples, [], 9_000)).toEqual([]);
    expect(checkGaps([{ ...span, from: 9_500 }], samples, [], 5_000)).toEqual([]);
  });

  it('starts a gap afresh after an outage of the node itself', () => {
    const samples = [sample(1, 0, false), sample(1, 3_000, false), sample(1, 7_000, false), sample(1, 9_000, false)];
    const outage = { node: 1, what: 'down' as const, from: 4_000, to: 6_000 };
    expect(checkGaps([span], samples, [outage], 5_000)).toEqual([]);
    expect(properties(checkGaps([span], samples, [], 5_000))).toEqual(['live-instance-gone-for-long']);
  });

  it('starts a gap afresh after the database was frozen or stopped (no node could hear the registration)', () => {
    const samples = [sample(1, 0, false), sample(1, 3_000, false), sample(1, 7_000, false), sample(1, 9_000, true)];
    const deaf = { node: 1, what: 'deaf' as const, from: 500, to: 8_000 };
    expect(checkGaps([span], samples, [deaf], 5_000)).toEqual([]);
    // another node's deafness excuses nothing
    expect(properties(checkGaps([span], samples, [{ ...deaf, node: 2 }], 5_000))).toEqual([
      'live-instance-gone-for-long',
    ]);
  });

  it('finds a request a running node never answered, not one to a node that was down or frozen', () => {
    const timedOut = { ...put('x', [1_000, 11_000], 'unknown'), detail: 'TimeoutError', node: 2 };
    expect(properties(checkAnswered([timedOut], []))).toEqual(['request-unanswered']);
    expect(checkAnswered([timedOut], [{ node: 2, what: 'frozen', from: 500, to: 6_000 }])).toEqual([]);
    // cut off from its database, a node still runs: it must answer
    const cutOff = [{ node: 2, what: 'cut-off' as const, from: 500, to: 12_000 }];
    expect(properties(checkAnswered([timedOut], cutOff))).toEqual(['request-unanswered']);
    // nor does a frozen database excuse a running node
    const deaf = [{ node: 2, what: 'deaf' as const, from: 500, to: 12_000 }];
    expect(properties(checkAnswered([timedOut], deaf))).toEqual(['request-unanswered']);
    const refused = { ...put('y', [1_000, 1_200], 'unknown'), detail: '503 the store is unavailable', node: 2 };
    expect(checkAnswered([refused], [])).toEqual([]);
  });
});
