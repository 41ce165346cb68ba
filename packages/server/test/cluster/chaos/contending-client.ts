import { createHash } from 'node:crypto';
import pg from 'pg';
import type { ChaosNode } from './chaos-node.js';
import { CONFIG_GROUP, readConfig } from './config-reads.js';
import type { ConfigFields, History, OpRecord } from './history.js';
import type { InstanceFields } from './naming-clients.js';
import { FORM, form, httpCall } from './op-outcome.js';
import type { InstanceRound, InstanceState } from './round-checker.js';
import { sleep, type Random } from './random.js';

export const B2B_SERVICE = 'chaos-b2b';
/** Round instances get no beats: they must not expire while a round runs. */
const NO_EXPIRY = JSON.stringify({
  'preserved.heart.beat.timeout': '600000',
  'preserved.ip.delete.timeout': '600000',
});
const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

/**
 * A client acting on one instance or one config at a time through different nodes, each request sent the
 * moment the previous one was answered, as several clients behind a load balancer do: an ephemeral
 * instance registered through one node and edited or deregistered through others; a config published
 * through one node, casMd5-published over that value, republished and removed through others, each
 * acknowledged write read back at once on the node that acknowledged it. Right after an instance round it
 * reads what the database and the node that acknowledged the last write hold (`rounds`).
 */
export class ContendingClient {
  readonly rounds: InstanceRound[] = [];
  private db: pg.Client | undefined;
  private round = 0;

  constructor(
    readonly name: string,
    private readonly index: number,
    private readonly nodes: ChaosNode[],
    private readonly history: History,
    private readonly random: Random,
    private readonly dbUrl: string,
  ) {}

  async run(until: () => boolean): Promise<void> {
    try {
      while (!until()) {
        this.round++;
        if (this.random.chance(0.6)) await this.instanceRound();
        else await this.configRound();
        await sleep(this.random.int(100, 600));
      }
    } finally {
      await this.db?.end().catch(() => undefined);
    }
  }

  /** Nodes in a random order, each used once before any repeats: consecutive requests go to different nodes. */
  private order(count: number): ChaosNode[] {
    const out: ChaosNode[] = [];
    while (out.length < count) {
      const next = this.random.shuffle(this.nodes).filter((n) => n !== out.at(-1));
      out.push(...next);
    }
    return out.slice(0, count);
  }

  private async instanceRound(): Promise<void> {
    const ip = `10.6.${this.index}.${(this.round % 250) + 1}`;
    const port = 10_000 + this.round;
    const subject = `instance ${B2B_SERVICE} ${ip}:${port}`;
    const plan: Array<{ kind: InstanceFields['kind']; weight?: number }> = [{ kind: 'register', weight: 1 }];
    const edits = this.random.int(0, 2);
    for (let i = 0; i < edits; i++) plan.push({ kind: 'edit', weight: this.random.int(2, 9) });
    if (edits === 0 || this.random.chance(0.3)) plan.push({ kind: 'deregister' });
    const ops = await this.instanceOps(ip, port, plan);
    await this.verify(subject, ip, port, ops);
    if (plan.at(-1)!.kind !== 'deregister') {
      // the end of the round: gone through yet another node, looked at once again
      ops.push(...(await this.instanceOps(ip, port, [{ kind: 'deregister' }])));
      await this.verify(subject, ip, port, ops);
    }
  }

  private async instanceOps(
    ip: string,
    port: number,
    plan: Array<{ kind: InstanceFields['kind']; weight?: number }>,
  ): Promise<Array<OpRecord<InstanceFields>>> {
    const ops: Array<OpRecord<InstanceFields>> = [];
    const nodes = this.order(plan.length);
    for (const [i, step] of plan.entries()) {
      const node = nodes[i];
      const fields: InstanceFields = {
        kind: step.kind,
        service: B2B_SERVICE,
        address: `${ip}:${port}`,
        weight: step.weight,
      };
      const op = this.history.invoke(this.name, node.nodeId, 'http', fields);
      const params: Record<string, string> = { serviceName: B2B_SERVICE, ip, port: String(port), ephemeral: 'true' };
      if (step.weight !== undefined) params.weight = String(step.weight);
      if (step.kind === 'register') params.metadata = NO_EXPIRY;
      const method = step.kind === 'register' ? 'POST' : step.kind === 'edit' ? 'PUT' : 'DELETE';
      const result = await httpCall(
        `${node.http}/nacos/v1/ns/instance?${form(params)}`,
        { method, headers: FORM },
        'ok',
      );
      this.history.complete(op, result.outcome, result.detail);
      ops.push(op);
    }
    return ops;
  }

  /** What the database and the node that acknowledged the last write hold, read at once. */
  private async verify(subject: string, ip: string, port: number, ops: Array<OpRecord<InstanceFields>>) {
    const round: InstanceRound = { client: this.name, subject, ops: [...ops] };
    round.database = await this.storedStates(ip, port);
    const last = [...ops].reverse().find((op) => op.outcome === 'ok');
    const node = last && this.nodes.find((n) => n.nodeId === last.node);
    if (node) {
      const state = await listedState(node, ip, port);
      if (state !== undefined) round.node = { node: node.nodeId, state };
    }
    this.rounds.push(round);
  }

  private async storedStates(ip: string, port: number): Promise<InstanceState[] | undefined> {
    try {
      if (!this.db) {
        this.db = new pg.Client({ connectionString: this.dbUrl, connectionTimeoutMillis: 2_000, query_timeout: 2_000 });
        this.db.on('error', () => undefined);
        await this.db.connect();
      }
      const { rows } = await this.db.query<{ instance: string }>(
        'SELECT instance FROM ephemeral_instance WHERE service_name = $1 AND ip = $2 AND port = $3',
        [B2B_SERVICE, ip, port],
      );
      return rows.map((r) => `weight ${(JSON.parse(r.instance) as { weight: number }).weight}`);
    } catch {
      // the database frozen or restarting: this round cannot be looked at
      const db = this.db;
      this.db = undefined;
      void db?.end().catch(() => undefined);
      return undefined;
    }
  }

  private async configRound(): Promise<void> {
    const key = `cfg-b2b-${this.index}-${this.round}`;
    const nodes = this.order(4);
    const first = `${key}=a`;
    await this.config(nodes[0], key, { kind: 'put', key, value: first });
    await this.config(nodes[1], key, { kind: 'cas', key, value: `${key}=b`, expectedMd5: md5(first) });
    if (this.random.chance(0.5)) await this.config(nodes[2], key, { kind: 'put', key, value: `${key}=c` });
    if (this.random.chance(0.5)) await this.config(nodes[3], key, { kind: 'delete', key });
  }

  /** One config write through `node`, then (acknowledged) a read of the key on that same node at once. */
  private async config(node: ChaosNode, key: string, fields: ConfigFields): Promise<void> {
    const op = this.history.invoke(this.name, node.nodeId, 'http', fields);
    const url = `${node.http}/nacos/v1/cs/configs`;
    const result =
      fields.kind === 'delete'
        ? await httpCall(
            `${url}?${form({ dataId: key, group: CONFIG_GROUP, username: op.id })}`,
            { method: 'DELETE' },
            'true',
          )
        : await httpCall(
            url,
            {
              method: 'POST',
              headers: FORM,
              body: form({
                dataId: key,
                group: CONFIG_GROUP,
                content: fields.value!,
                src_user: op.id,
                ...(fields.expectedMd5 ? { casMd5: fields.expectedMd5 } : {}),
              }),
            },
            'true',
          );
    this.history.complete(op, result.outcome, result.detail);
    if (result.outcome === 'ok') await readConfig(this.history, this.name, node, key);
  }
}

/** How `node` lists one instance of the round service right now; undefined when it did not answer. */
async function listedState(node: ChaosNode, ip: string, port: number): Promise<InstanceState | undefined> {
  try {
    const res = await fetch(`${node.http}/nacos/v1/ns/instance/list?serviceName=${B2B_SERVICE}&healthyOnly=false`, {
      signal: AbortSignal.timeout(3_000),
    });
    if (res.status !== 200) return undefined;
    const { hosts } = (await res.json()) as { hosts: Array<{ ip: string; port: number; weight: number }> };
    const host = hosts.find((h) => h.ip === ip && h.port === port);
    return host ? `weight ${host.weight}` : 'absent';
  } catch {
    return undefined;
  }
}
