import { startDbLinkProxy, type DbLinkProxy } from '../../db-link-proxy.js';
import type { Postgres } from '../../postgres-server.js';
import { startClusterNode } from '../cluster-nodes.js';
import { AdminClient } from './admin-client.js';
import { checkAnswered, checkGaps, type LiveSpan } from './availability-checker.js';
import { chaosNode, warmNode, type ChaosNode } from './chaos-node.js';
import { ConfigClient } from './config-clients.js';
import { ContendingClient } from './contending-client.js';
import { FaultScheduler, type FaultKind } from './fault-scheduler.js';
import { History, type OpRecord } from './history.js';
import {
  BeatInstanceClient,
  GrpcInstanceClient,
  GRPC_SERVICE,
  type InstanceClient,
  type InstanceFields,
} from './naming-clients.js';
import { Random, sleep } from './random.js';
import { checkRounds } from './round-checker.js';
import { PythonSdkClient, pythonSdkAvailable } from './sdk-clients.js';
import { checkConfigs, checkState, withOps } from './final-checks.js';
import { formatViolations, type Violation } from './violation.js';
import { GrpcWatcher, ListSampler, LongPollListener, type ConfigWatcher, type NamingWatcher } from './watch-clients.js';

export interface ChaosOptions {
  seed: number;
  /** How long clients work while faults are injected. */
  faultMs: number;
  /** How long the cluster may take to converge once the faults stop. */
  settleMs: number;
  log: (line: string) => void;
  /** The faults to choose from (all by default). */
  faults?: readonly FaultKind[];
  /** Run the nodes from another build's entry point (`<checkout>/packages/server/dist/main.js`). */
  serverMain?: string;
}

export interface ChaosResult {
  violations: Violation[];
  summary: string;
  history: History;
  /** Each node's output (all its lives), for a failure's record. */
  nodeLogs: Map<number, string>;
  /** The Python SDK's own log, when it took part. */
  sdkLog: string;
}

/**
 * Short leases and instance timeouts, so that dead nodes and silent clients are gone within the settle time;
 * a database that does not answer within 3 s counts as lost.
 */
const NODE_ENV = {
  RNACOS_CLUSTER_LEASE_SECOND: '4',
  RNACOS_NAMING_HEALTH_TIMEOUT_SECOND: '3',
  RNACOS_NAMING_INSTANCE_TIMEOUT_SECOND: '6',
  RNACOS_DB_TIMEOUT_SECOND: '3',
};
const LEASE_MS = 4_000;
/**
 * The longest a live, registered gRPC client's instance may be missing from a running node's list: a lease
 * and a bit. A node that loses its lease must hand its clients over before the others evict it; a client
 * of a frozen node notices it by its health checks (at most 5 s) and moves.
 */
const MAX_GAP_MS = LEASE_MS + 1_000;
/** The Python SDK's: its health check (5 s) and its redo timer (30 s) on top. */
const PYTHON_MAX_GAP_MS = MAX_GAP_MS + 35_000;

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
  const closing: Array<{ close(): void }> = [];
  const nodeLogs = new Map<number, string>();
  const history = new History();
  try {
    for (const id of [1, 2, 3]) {
      const link = await startDbLinkProxy(db.port);
      links.push(link);
      const process = await startClusterNode(id, link.url(dbUrl), NODE_ENV, { main: options.serverMain });
      nodes.push(chaosNode(process, link));
    }
    await Promise.all(nodes.map(warmNode));
    // times in the history count from here, when the clients begin
    history.restart();
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
    const contenders = [1, 2].map(
      (i) => new ContendingClient(`b2b-${i}`, i, nodes, history, random.fork(`b2b${i}`), dbUrl),
    );
    const longPolls = nodes.map((n) => new LongPollListener(`long-poll-on-${n.nodeId}`, n, history));
    const grpcWatchers = [1, 2].map((i) => new GrpcWatcher(`grpc-watcher-${i}`, nodes, history, random.fork(`w${i}`)));
    const sampler = new ListSampler(nodes, history, [GRPC_SERVICE]);
    closing.push(...longPolls, ...grpcWatchers, sampler);
    let python: PythonSdkClient | undefined;
    if (pythonSdkAvailable) {
      python = new PythonSdkClient(nodes, history, random.fork('python'));
      instanceClients.push(python);
    } else {
      options.log('the Python SDK (nacos-sdk-python) is not installed: the run goes without a real SDK');
    }
    const watchers = [...longPolls, ...grpcWatchers];
    for (const listener of longPolls) void listener.run();
    await Promise.all(grpcWatchers.map((w) => w.start()));
    const faults = new FaultScheduler(nodes, db, history, random.fork('faults'), { leaseMs: LEASE_MS }, options.faults);
    const running = [
      // a fault that cannot be undone (a node that does not start again) ends the run for every client
      faults.run(faultsOver).catch((err: unknown) => {
        aborted = true;
        throw err;
      }),
      admin.run(faultsOver),
      sampler.run(faultsOver),
      ...configClients.map((c) => c.run(faultsOver)),
      ...instanceClients.map((c) => c.run(faultsOver)),
      ...contenders.map((c) => c.run(faultsOver)),
    ];
    await Promise.all(running);
    const runEnd = history.now();
    options.log(
      `faults over after ${(runEnd / 1000).toFixed(1)} s: ${history.ops.length} ops, ${history.faults.length} fault events`,
    );

    await faults.heal();
    for (const c of instanceClients) c.quiet();

    const settleEnd = history.now() + options.settleMs;
    const namingWatchers: NamingWatcher[] = [...grpcWatchers, ...(python ? [python] : [])];
    const configWatchers: ConfigWatcher[] = [...watchers, ...(python ? [python] : [])];
    let stateViolations: Violation[] = [];
    for (;;) {
      stateViolations = await checkState(nodes, dbUrl, admin, instanceClients, configWatchers, namingWatchers).catch(
        (err: Error) => [{ property: 'state-unreadable', subject: 'cluster', message: err.message, ops: [] }],
      );
      if (stateViolations.length === 0 || history.now() >= settleEnd) break;
      // nothing left but what a Python SDK whose redo task died can never mend
      if (python?.redoStoppedAt() !== undefined && stateViolations.every(aboutPythonSdk)) break;
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
    const duringRun = [
      ...checkRounds(contenders.flatMap((c) => c.rounds)),
      ...checkGaps(liveSpans(history, instanceClients, runEnd), history.samples, history.outages, MAX_GAP_MS),
      ...checkAnswered(history.ops, history.outages),
    ];
    let violations = [...crashed, ...stateViolations, ...configViolations, ...duringRun];
    // what concerns the Python SDK is judged once its redo timer has had the time to tick again
    if (python && violations.some(aboutPythonSdk)) await sleep(Math.max(0, python.redoKnownAt() - Date.now()));
    const redoStoppedAt = python?.redoStoppedAt();
    if (redoStoppedAt !== undefined && violations.some(aboutPythonSdk)) {
      // the SDK's own failure, read in its own log: what it did or was told since cannot be judged
      const sdkOnly = violations.filter(aboutPythonSdk);
      violations = violations.filter((v) => !aboutPythonSdk(v));
      options.log(
        `nacos-sdk-python's redo task stopped ticking at ${new Date(redoStoppedAt).toISOString()} (its own ` +
          `fault, docs/cluster.md): not counted, ${formatViolations(sdkOnly)}`,
      );
    }
    const rounds = contenders.reduce((n, c) => n + c.rounds.length, 0);
    return {
      violations: withOps(violations, history),
      summary: summarize(history, rounds),
      history,
      nodeLogs,
      // read once the clients have closed (below)
      get sdkLog() {
        return python?.log ?? '';
      },
    };
  } finally {
    for (const c of [...instanceClients, ...closing]) c.close();
    await Promise.all(nodes.map((n) => n.process.stop().catch(() => undefined)));
    for (const n of nodes) nodeLogs.set(n.nodeId, n.process.output());
    await Promise.all(links.map((l) => l.close()));
  }
}

/** A violation about the Python SDK's instance, or about what it was told. */
const aboutPythonSdk = (v: Violation) => /\bpython-sdk\b/.test(v.subject);

/** Each gRPC client's time alive and registered: from its first acknowledged registration to its end. */
function liveSpans(history: History, clients: InstanceClient[], end: number): LiveSpan[] {
  const spans: LiveSpan[] = [];
  for (const client of clients) {
    const expected = client.expected();
    if (expected.service !== GRPC_SERVICE) continue;
    const ops = history.of<InstanceFields>((op) => op.client === expected.client);
    const first = ops.find((op) => op.fields.kind === 'register' && op.outcome === 'ok');
    if (!first) continue;
    const gone = ops.find((op) => op.fields.kind === 'crash' || op.fields.kind === 'deregister');
    spans.push({
      client: expected.client,
      service: GRPC_SERVICE,
      address: expected.address,
      from: first.completedAt!,
      to: gone?.invokedAt ?? end,
      // nacos-sdk-python cannot read ConnectResetRequest: it notices a cut connection by its health check
      // (every 5 s) and registers again on its redo timer (every 30 s), not on reconnecting
      maxGapMs: client instanceof PythonSdkClient ? PYTHON_MAX_GAP_MS : undefined,
    });
  }
  return spans;
}

function summarize(history: History, rounds: number): string {
  const count = (pick: (op: OpRecord) => boolean) => history.ops.filter(pick).length;
  const outcomes = ['ok', 'fail', 'unknown'].map((o) => `${o} ${count((op) => op.outcome === o)}`).join(', ');
  const observed =
    `${history.reads.length} reads, ${history.pushes.length} pushes, ${history.samples.length} list samples, ` +
    `${rounds} back-to-back rounds looked at`;
  const faults = history.faults.map((f) => `  ${(f.at / 1000).toFixed(2)} s ${f.what}`).join('\n');
  return `${history.ops.length} ops (${outcomes}); ${observed}; faults:\n${faults}`;
}
