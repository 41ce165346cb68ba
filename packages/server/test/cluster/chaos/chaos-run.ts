import { HISTORY_KEPT_PER_CONFIG } from '../../../src/core/config/config-model.js';
import { startDbLinkProxy, type DbLinkProxy } from '../../db-link-proxy.js';
import type { Postgres } from '../../postgres-server.js';
import { startClusterNode } from '../cluster-nodes.js';
import { AdminClient, type SettingFields } from './admin-client.js';
import { chaosNode, type ChaosNode } from './chaos-node.js';
import { checkConfigKey, type HistoryEntry } from './config-checker.js';
import { CONFIG_GROUP, ConfigClient } from './config-clients.js';
import { consoleGet, consoleLogin } from './console-session.js';
import { readConfigContents, readDatabase, readInstances, readNode, type Models } from './cluster-state.js';
import { FaultScheduler } from './fault-scheduler.js';
import { describeOp, History, type ConfigFields, type OpRecord } from './history.js';
import { BeatInstanceClient, GrpcInstanceClient, type InstanceClient, type InstanceFields } from './naming-clients.js';
import { Random, sleep } from './random.js';
import { checkInstances, checkLastWrite, compareWithDatabase, type Snapshot } from './state-checker.js';
import type { Violation } from './violation.js';

export interface ChaosOptions {
  seed: number;
  /** How long clients work while faults are injected. */
  faultMs: number;
  /** How long the cluster may take to converge once the faults stop. */
  settleMs: number;
  log: (line: string) => void;
}

export interface ChaosResult {
  violations: Violation[];
  summary: string;
  history: History;
  /** Each node's output (all its lives), for a failure's record. */
  nodeLogs: Map<number, string>;
}

/** Short leases and instance timeouts, so that dead nodes and silent clients are gone within the settle time. */
const NODE_ENV = {
  RNACOS_CLUSTER_LEASE_SECOND: '4',
  RNACOS_NAMING_HEALTH_TIMEOUT_SECOND: '3',
  RNACOS_NAMING_INSTANCE_TIMEOUT_SECOND: '6',
};

/**
 * One randomized run: three nodes on `dbUrl`, SDK-like clients on both doors, faults for `faultMs`, then a
 * settle phase in which every state check is retried until it holds or `settleMs` has passed, and finally
 * the config histories are checked against what the clients were told.
 */
export async function runChaos(db: Postgres, dbUrl: string, options: ChaosOptions): Promise<ChaosResult> {
  const random = new Random(options.seed);
  const nodes: ChaosNode[] = [];
  const links: DbLinkProxy[] = [];
  const instanceClients: InstanceClient[] = [];
  const nodeLogs = new Map<number, string>();
  try {
    for (const id of [1, 2, 3]) {
      const link = await startDbLinkProxy(db.port);
      links.push(link);
      nodes.push(chaosNode(await startClusterNode(id, link.url(dbUrl), NODE_ENV), link));
    }
    // times in the history count from here, when the clients begin
    const history = new History();
    const faultsEnd = history.now() + options.faultMs;
    let aborted = false;
    const faultsOver = () => aborted || history.now() >= faultsEnd;
    const dieAt = () => history.now() + random.int(options.faultMs * 0.2, options.faultMs * 0.8);
    const configClients = ['http', 'http', 'grpc', 'grpc'].map(
      (door, i) =>
        new ConfigClient(`${door}-config-${i + 1}`, door as 'http' | 'grpc', nodes, history, random.fork(`config${i}`)),
    );
    const admin = new AdminClient('admin', nodes, history, random.fork('admin'));
    for (let i = 1; i <= 4; i++) {
      instanceClients.push(
        new GrpcInstanceClient(
          `grpc-instance-${i}`,
          `10.7.0.${i}`,
          nodes,
          history,
          random.fork(`g${i}`),
          i <= 2 ? dieAt() : undefined,
          i === 2, // one crashes, one deregisters and leaves
        ),
      );
    }
    for (let i = 1; i <= 3; i++) {
      instanceClients.push(
        new BeatInstanceClient(
          `beat-instance-${i}`,
          `10.8.0.${i}`,
          nodes,
          history,
          random.fork(`b${i}`),
          i === 1 ? dieAt() : undefined,
        ),
      );
    }
    const faults = new FaultScheduler(nodes, db, history, random.fork('faults'));
    const running = [
      // a fault that cannot be undone (a node that does not start again) ends the run for every client
      faults.run(faultsOver).catch((err: unknown) => {
        aborted = true;
        throw err;
      }),
      admin.run(faultsOver),
      ...configClients.map((c) => c.run(faultsOver)),
      ...instanceClients.map((c) => c.run(faultsOver)),
    ];
    await Promise.all(running);
    options.log(
      `faults over after ${(history.now() / 1000).toFixed(1)} s: ${history.ops.length} ops, ${history.faults.length} fault events`,
    );

    for (const node of nodes) if (!node.up) await faults.restart(node);
    db.thaw();
    for (const c of instanceClients) c.quiet();

    const settleEnd = history.now() + options.settleMs;
    let stateViolations: Violation[] = [];
    for (;;) {
      stateViolations = await checkState(nodes, dbUrl, admin, instanceClients).catch((err: Error) => [
        { property: 'state-unreadable', subject: 'cluster', message: err.message, ops: [] },
      ]);
      if (stateViolations.length === 0 || history.now() >= settleEnd) break;
      const seen = [...new Set(stateViolations.map((v) => `${v.property} ${v.subject}`))].slice(0, 3).join('; ');
      options.log(`${(history.now() / 1000).toFixed(1)} s: not settled yet (${stateViolations.length}): ${seen}`);
      await sleep(2_000);
    }
    options.log(
      `settled after ${(history.now() / 1000).toFixed(1)} s with ${stateViolations.length} state violation(s)`,
    );

    const configViolations = await checkConfigs(nodes[0], dbUrl, history, options.log);
    const crashed = nodes
      .filter((n) => n.process.child.exitCode !== null || n.process.child.signalCode !== null)
      .map((n): Violation => ({
        property: 'node-exited',
        subject: `node ${n.nodeId}`,
        node: n.nodeId,
        message: n.process.output().slice(-2_000),
        ops: [],
      }));
    const violations = [...crashed, ...stateViolations, ...configViolations];
    return { violations: withOps(violations, history), summary: summarize(history), history, nodeLogs };
  } finally {
    for (const c of instanceClients) c.close();
    await Promise.all(nodes.map((n) => n.process.stop().catch(() => undefined)));
    for (const n of nodes) nodeLogs.set(n.nodeId, n.process.output());
    await Promise.all(links.map((l) => l.close()));
  }
}

async function checkState(
  nodes: ChaosNode[],
  dbUrl: string,
  admin: AdminClient,
  clients: InstanceClient[],
): Promise<Violation[]> {
  const stored = await readDatabase(dbUrl);
  const served = new Map<number, Models>();
  for (const node of nodes) served.set(node.nodeId, await readNode(node, stored));
  const violations: Violation[] = [];
  for (const area of ['configs', 'namespaces', 'services', 'persistentInstances', 'users'] as const) {
    const byNode = new Map([...served].map(([id, m]) => [id, m[area]]));
    violations.push(...compareWithDatabase(area, stored[area], byNode));
  }
  violations.push(...checkAdminWrites(admin, stored));
  const listings = new Map<number, Awaited<ReturnType<typeof readInstances>>>();
  for (const node of nodes) listings.set(node.nodeId, await readInstances(node));
  violations.push(
    ...checkInstances(
      clients.map((c) => c.expected()),
      listings,
    ),
  );
  return violations;
}

/** The admin's acknowledged writes against what the database ended with. */
function checkAdminWrites(admin: AdminClient, stored: Models): Violation[] {
  const finals: Record<SettingFields['area'], Snapshot> = {
    'persistent-instance': new Map(
      [...stored.persistentInstances].map(([k, v]) => [k.replace(/^public\/DEFAULT_GROUP\//, ''), v.split(' ')[0]]),
    ),
    service: new Map([...stored.services].map(([k, v]) => [k.replace(/^public\/DEFAULT_GROUP\//, ''), v])),
    namespace: new Map([...stored.namespaces].map(([k, v]) => [k, v.split('|')[0]])),
    user: new Map([...stored.users].map(([k, v]) => [k, v.split('|')[0]])),
  };
  const violations: Violation[] = [];
  for (const area of Object.keys(finals) as Array<SettingFields['area']>) {
    const ops = admin.settings().filter((s) => (s.op as OpRecord<SettingFields>).fields.area === area);
    violations.push(...checkLastWrite('lost-acknowledged-write', ops, finals[area], area));
  }
  return violations;
}

interface HistoryPage {
  list: Array<{ id: number; content: string; opType: string; opUser: string | null }>;
}

async function checkConfigs(
  node: ChaosNode,
  dbUrl: string,
  history: History,
  log: (line: string) => void,
): Promise<Violation[]> {
  const ops = history.of<ConfigFields>(
    (op) =>
      'kind' in op.fields &&
      'key' in op.fields &&
      typeof op.fields.key === 'string' &&
      op.fields.key.startsWith('cfg-'),
  );
  const byKey = new Map<string, Array<OpRecord<ConfigFields>>>();
  for (const op of ops) byKey.set(op.fields.key, [...(byKey.get(op.fields.key) ?? []), op]);
  const finals = await readConfigContents(dbUrl);
  const token = await consoleLogin(node.console);
  const violations: Violation[] = [];
  for (const [key, keyOps] of byKey) {
    if (keyOps.length >= HISTORY_KEPT_PER_CONFIG) {
      // the oldest entries are gone from its history: the checker would miss them (keys change every 15 s)
      log(`config ${key} not checked: ${keyOps.length} writes, more than its history keeps`);
      continue;
    }
    const query = new URLSearchParams({ dataId: key, group: CONFIG_GROUP, tenant: '', pageNo: '1', pageSize: '1000' });
    const page = await consoleGet<HistoryPage>(node.console, `/v2/config/history?${query}`, token);
    const entries: HistoryEntry[] = page.list.map((h) => ({
      id: h.id,
      opType: h.opType as HistoryEntry['opType'],
      content: h.content,
      opUser: h.opUser,
    }));
    violations.push(...checkConfigKey(keyOps, { key, history: entries, final: finals.get(key) }));
  }
  return violations;
}

/** A state violation names no op by itself: add the last ops that touched its subject. */
function withOps(violations: Violation[], history: History): Violation[] {
  return violations.map((v) => {
    if (v.ops.length > 0) return v;
    const touching = history.ops.filter((op) => {
      const f = op.fields as Partial<SettingFields & InstanceFields>;
      const names = [f.subject, f.address && `${f.service} ${f.address}`].filter((n): n is string => Boolean(n));
      return names.some((n) => v.subject.endsWith(n) || v.subject.includes(`${n} `));
    });
    return { ...v, ops: touching.slice(-4).map(describeOp) };
  });
}

function summarize(history: History): string {
  const count = (pick: (op: OpRecord) => boolean) => history.ops.filter(pick).length;
  const outcomes = ['ok', 'fail', 'unknown'].map((o) => `${o} ${count((op) => op.outcome === o)}`).join(', ');
  const faults = history.faults.map((f) => `  ${(f.at / 1000).toFixed(2)} s ${f.what}`).join('\n');
  return `${history.ops.length} ops (${outcomes}); faults:\n${faults}`;
}
