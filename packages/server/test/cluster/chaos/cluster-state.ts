import pg from 'pg';
import { EXPLICIT_SERVICES, PERSISTENT_SERVICES } from './admin-client.js';
import type { ChaosNode } from './chaos-node.js';
import { consoleGet, consoleLogin } from './console-session.js';
import { BEAT_SERVICE, GRPC_SERVICE } from './naming-clients.js';
import type { Listing, Snapshot } from './state-checker.js';

/** The stored models, each as `subject -> canonical value`, read from the database or served by a node. */
export interface Models {
  configs: Snapshot;
  namespaces: Snapshot;
  services: Snapshot;
  persistentInstances: Snapshot;
  users: Snapshot;
}

const ns = (id: string) => (id === '' ? 'public' : id);
const serviceId = (namespaceId: string, group: string, name: string) => `${ns(namespaceId)}/${group}/${name}`;

/** What PostgreSQL holds, read directly. */
export async function readDatabase(url: string): Promise<Models> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const q = async (sql: string) => (await client.query(sql)).rows as Array<Record<string, string | number>>;
    const configs = await q('SELECT namespace_id, group_name, data_id, md5 FROM config');
    const namespaces = await q('SELECT namespace_id, namespace_name, namespace_desc FROM namespace');
    const services = await q('SELECT namespace_id, group_name, service_name, protect_threshold FROM naming_service');
    const instances = await q(
      'SELECT namespace_id, group_name, service_name, ip, port, weight, enabled FROM naming_instance',
    );
    const users = await q('SELECT username, nickname, enabled FROM users');
    return {
      configs: new Map(
        configs.map((r) => [`${ns(String(r.namespace_id))}/${r.group_name}/${r.data_id}`, String(r.md5)]),
      ),
      namespaces: new Map(namespaces.map((r) => [String(r.namespace_id), `${r.namespace_name}|${r.namespace_desc}`])),
      services: new Map(
        services.map((r) => [
          serviceId(String(r.namespace_id), String(r.group_name), String(r.service_name)),
          `t=${Number(r.protect_threshold)}`,
        ]),
      ),
      persistentInstances: new Map(
        instances.map((r) => [
          `${serviceId(String(r.namespace_id), String(r.group_name), String(r.service_name))} ${r.ip}:${r.port}`,
          `w=${Number(r.weight)} en=${Number(r.enabled) ? 1 : 0}`,
        ]),
      ),
      users: new Map(users.map((r) => [String(r.username), `${r.nickname}|${Number(r.enabled) ? 1 : 0}`])),
    };
  } finally {
    await client.end();
  }
}

async function getJson<T>(url: string): Promise<{ status: number; body?: T }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (res.status !== 200) {
    await res.arrayBuffer();
    return { status: res.status };
  }
  return { status: 200, body: (await res.json()) as T };
}

interface Host {
  ip: string;
  port: number;
  weight: number;
  enabled: boolean;
  ephemeral: boolean;
}

async function hostsOf(node: ChaosNode, namespaceId: string, group: string, service: string): Promise<Host[]> {
  const query = new URLSearchParams({ serviceName: service, groupName: group, namespaceId, healthyOnly: 'false' });
  const { status, body } = await getJson<{ hosts: Host[] }>(`${node.http}/nacos/v1/ns/instance/list?${query}`);
  if (status !== 200 && status !== 404) throw new Error(`node ${node.nodeId} instance list of ${service}: ${status}`);
  return body?.hosts ?? [];
}

/** What one node serves, through the same APIs its clients use. `db` names what to look up. */
export async function readNode(node: ChaosNode, db: Models): Promise<Models> {
  const namespaces = new Map<string, string>();
  const nsList = await getJson<{
    data: Array<{ namespace: string; namespaceShowName: string; namespaceDesc: string }>;
  }>(`${node.http}/nacos/v1/console/namespaces`);
  for (const n of nsList.body?.data ?? []) {
    if (n.namespace !== '' && n.namespace !== 'public')
      namespaces.set(n.namespace, `${n.namespaceShowName}|${n.namespaceDesc ?? ''}`);
  }

  const configs = new Map<string, string>();
  for (const tenant of ['', ...namespaces.keys()]) {
    for (let page = 1; ; page++) {
      const query = new URLSearchParams({
        search: 'blur',
        dataId: '',
        group: '',
        tenant,
        pageNo: String(page),
        pageSize: '500',
      });
      const { body } = await getJson<{
        pagesAvailable: number;
        pageItems: Array<{ dataId: string; group: string; tenant: string; md5: string }>;
      }>(`${node.http}/nacos/v1/cs/configs?${query}`);
      for (const c of body?.pageItems ?? []) configs.set(`${ns(c.tenant)}/${c.group}/${c.dataId}`, c.md5);
      if (!body || page >= body.pagesAvailable) break;
    }
  }

  const services = new Map<string, string>();
  const serviceRefs = new Set([
    ...db.services.keys(),
    ...EXPLICIT_SERVICES.map((s) => serviceId('', 'DEFAULT_GROUP', s)),
  ]);
  for (const ref of serviceRefs) {
    const [namespaceId, group, name] = ref.split('/');
    const query = new URLSearchParams({ serviceName: name, groupName: group, namespaceId });
    const { status, body } = await getJson<{ protectThreshold: number }>(`${node.http}/nacos/v1/ns/service?${query}`);
    if (status === 200) services.set(ref, `t=${Number(body!.protectThreshold)}`);
  }

  const persistentInstances = new Map<string, string>();
  const withInstances = new Set([...db.persistentInstances.keys()].map((k) => k.split(' ')[0]));
  for (const s of PERSISTENT_SERVICES) withInstances.add(serviceId('', 'DEFAULT_GROUP', s));
  for (const ref of withInstances) {
    const [namespaceId, group, name] = ref.split('/');
    for (const h of await hostsOf(node, namespaceId, group, name)) {
      if (!h.ephemeral)
        persistentInstances.set(`${ref} ${h.ip}:${h.port}`, `w=${Number(h.weight)} en=${h.enabled ? 1 : 0}`);
    }
  }

  const token = await consoleLogin(node.console);
  const userPage = await consoleGet<{ list: Array<{ username: string; nickname: string; enable: boolean }> }>(
    node.console,
    '/v2/user/list?pageNo=1&pageSize=1000',
    token,
  );
  const users = new Map(userPage.list.map((u) => [u.username, `${u.nickname}|${u.enable ? 1 : 0}`]));
  return { configs, namespaces, services, persistentInstances, users };
}

/** The ephemeral instances of the SDK-like clients' services, as a node lists them. */
export async function readInstances(node: ChaosNode): Promise<Listing> {
  const listing: Listing = new Map();
  for (const service of [GRPC_SERVICE, BEAT_SERVICE]) {
    const hosts = await hostsOf(node, 'public', 'DEFAULT_GROUP', service);
    listing.set(service, new Map(hosts.filter((h) => h.ephemeral).map((h) => [`${h.ip}:${h.port}`, Number(h.weight)])));
  }
  return listing;
}

/** The content of every config of the default namespace, from the database. */
export async function readConfigContents(url: string): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT data_id, content FROM config WHERE namespace_id IN ('', 'public') AND group_name = 'DEFAULT_GROUP'`,
    );
    return new Map(rows.map((r: { data_id: string; content: string }) => [r.data_id, r.content]));
  } finally {
    await client.end();
  }
}
