/** The checks run on the cluster once the faults have stopped: its state, its listeners, its histories. */
import { HISTORY_KEPT_PER_CONFIG } from '../../../src/core/config/config-model.js';
import { AdminClient, type SettingFields } from './admin-client.js';
import { type ChaosNode } from './chaos-node.js';
import { checkConfigKey, type HistoryEntry } from './config-checker.js';
import { CONFIG_GROUP } from './config-clients.js';
import { WATCHED_KEYS } from './config-reads.js';
import { consoleGet, consoleLogin } from './console-session.js';
import { readConfigContents, readDatabase, readInstances, readNode, type Models } from './cluster-state.js';
import { describeOp, History, type ConfigFields, type OpRecord } from './history.js';
import { BEAT_SERVICE, GRPC_SERVICE, type InstanceClient, type InstanceFields } from './naming-clients.js';
import { checkReads } from './read-checker.js';
import { PythonSdkClient } from './sdk-clients.js';
import {
  checkInstances,
  checkLastWrite,
  compareWithDatabase,
  type ClientInstance,
  type Snapshot,
} from './state-checker.js';
import type { Violation } from './violation.js';
import { type ConfigWatcher, type NamingWatcher } from './watch-clients.js';

export async function checkState(
  nodes: ChaosNode[],
  dbUrl: string,
  admin: AdminClient,
  clients: InstanceClient[],
  configWatchers: ConfigWatcher[],
  namingWatchers: NamingWatcher[],
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
  const expected = clients.map((c) => c.expected());
  violations.push(...checkInstances(expected, listings));
  violations.push(...checkWatchers(configWatchers, namingWatchers, await readConfigContents(dbUrl), expected));
  return violations;
}

/**
 * Every live listener holds the last committed value of every watched key, and every live subscriber was
 * last told what the clients' instances are: each acknowledged change reached each of them.
 */
function checkWatchers(
  configWatchers: ConfigWatcher[],
  namingWatchers: NamingWatcher[],
  finals: Map<string, string>,
  expected: ClientInstance[],
): Violation[] {
  const violations: Violation[] = [];
  for (const watcher of configWatchers) {
    const values = watcher.values();
    for (const key of WATCHED_KEYS) {
      const held = values?.get(key);
      if (values && held === finals.get(key)) continue;
      violations.push({
        property: 'listener-behind',
        subject: `config ${key} heard by ${watcher.name}`,
        message: values
          ? `holds ${held === undefined ? 'nothing' : `"${held}"`}; the last committed value is ${finals.has(key) ? `"${finals.get(key)}"` : 'nothing'}`
          : 'not listening',
        ops: [],
      });
    }
  }
  for (const watcher of namingWatchers) {
    for (const service of [GRPC_SERVICE, BEAT_SERVICE]) {
      const hosts = watcher.hosts(service);
      if (!hosts && watcher instanceof PythonSdkClient && service === BEAT_SERVICE) continue; // not subscribed
      const listing = new Map([[service, hosts ?? new Map<string, number>()]]);
      for (const v of checkInstances(
        expected.filter((c) => c.service === service),
        new Map([[0, listing]]),
      )) {
        violations.push({
          ...v,
          property: `subscriber-${v.property}`,
          subject: `${v.subject} pushed to ${watcher.name}`,
          node: undefined,
        });
      }
    }
  }
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

export async function checkConfigs(
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
    violations.push(
      ...checkReads(
        key,
        history.reads.filter((r) => r.key === key),
        keyOps,
        entries,
      ),
    );
  }
  return violations;
}

/** A state violation names no op by itself: add the last ops that touched its subject. */
export function withOps(violations: Violation[], history: History): Violation[] {
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
