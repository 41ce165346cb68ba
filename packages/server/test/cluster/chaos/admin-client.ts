import type { ChaosNode } from './chaos-node.js';
import type { History, OpRecord } from './history.js';
import { consoleLogin, consolePost } from './console-session.js';
import { FORM, form, httpCall, type Classified } from './op-outcome.js';
import { sleep, type Random } from './random.js';
import type { SettingOp } from './state-checker.js';

export const PERSISTENT_SERVICES = ['chaos-p0', 'chaos-p1'];
export const EXPLICIT_SERVICES = ['chaos-s0', 'chaos-s1'];
export const NAMESPACES = ['chaos-ns-0', 'chaos-ns-1'];
export const USERS = ['chaos-u0', 'chaos-u1'];

/** What an admin op sets: a persistent instance, an explicit service or a namespace. */
export interface SettingFields {
  area: 'persistent-instance' | 'service' | 'namespace' | 'user';
  action: string;
  subject: string;
  value: string | undefined;
}

/**
 * An operator's tool over HTTP v1 and the console, one op at a time on random nodes: persistent instances
 * (register, deregister, edit), explicit services (create, update, delete), namespaces (create, rename,
 * delete) and console users (add, change nickname, remove, with a session made on one node).
 * Sequential, so each subject's final state is that of its last acknowledged op.
 */
export class AdminClient {
  readonly ops: Array<OpRecord<SettingFields>> = [];
  private token: string | undefined;

  constructor(
    readonly name: string,
    private readonly nodes: ChaosNode[],
    private readonly history: History,
    private readonly random: Random,
  ) {}

  async run(until: () => boolean): Promise<void> {
    while (!until()) {
      const roll = this.random.int(0, 9);
      if (roll < 4) await this.persistentInstance();
      else if (roll < 6) await this.service();
      else if (roll < 8) await this.namespace();
      else await this.user();
      await sleep(this.random.int(100, 500));
    }
  }

  settings(): SettingOp[] {
    return this.ops.map((op) => ({ op, subject: op.fields.subject, value: op.fields.value }));
  }

  private async persistentInstance(): Promise<void> {
    const serviceName = this.random.pick(PERSISTENT_SERVICES);
    const ip = `10.9.0.${this.random.int(1, 3)}`;
    const weight = String(this.random.int(1, 9));
    const subject = `${serviceName} ${ip}:8000`;
    const params = { serviceName, ip, port: '8000', ephemeral: 'false', weight };
    const roll = this.random.int(0, 2);
    const [action, method, value] =
      roll === 0
        ? ['register', 'POST', `w=${weight}`]
        : roll === 1
          ? ['edit', 'PUT', `w=${weight}`]
          : ['deregister', 'DELETE', undefined];
    await this.send(
      { area: 'persistent-instance', action, subject, value },
      method,
      `/nacos/v1/ns/instance?${form(params)}`,
      'ok',
    );
  }

  private async service(): Promise<void> {
    const serviceName = this.random.pick(EXPLICIT_SERVICES);
    const threshold = (this.random.int(0, 9) / 10).toString();
    const roll = this.random.int(0, 2);
    const [action, method, value] =
      roll === 0
        ? ['create', 'POST', `t=${threshold}`]
        : roll === 1
          ? ['update', 'PUT', `t=${threshold}`]
          : ['delete', 'DELETE', undefined];
    const query = form(method === 'DELETE' ? { serviceName } : { serviceName, protectThreshold: threshold });
    await this.send(
      { area: 'service', action, subject: serviceName, value },
      method,
      `/nacos/v1/ns/service?${query}`,
      'ok',
    );
  }

  private async namespace(): Promise<void> {
    const id = this.random.pick(NAMESPACES);
    const roll = this.random.int(0, 2);
    const op = roll === 2 ? 'delete' : roll === 0 ? 'create' : 'rename';
    const name = `n${this.random.int(0, 9999)}`;
    if (op === 'delete') {
      await this.send(
        { area: 'namespace', action: op, subject: id, value: undefined },
        'DELETE',
        `/nacos/v1/console/namespaces?${form({ namespaceId: id })}`,
        'true',
      );
    } else {
      const body: Record<string, string> =
        op === 'create' ? { customNamespaceId: id, namespaceName: name } : { namespace: id, namespaceShowName: name };
      await this.send(
        { area: 'namespace', action: op, subject: id, value: name },
        op === 'create' ? 'POST' : 'PUT',
        '/nacos/v1/console/namespaces',
        'true',
        form(body),
      );
    }
  }

  private async user(): Promise<void> {
    const node = this.random.pick(this.nodes);
    this.token ??= await consoleLogin(node.console).catch(() => undefined);
    const token = this.token;
    if (!token) return;
    const username = this.random.pick(USERS);
    const nickname = `nick${this.random.int(0, 9999)}`;
    const roll = this.random.int(0, 2);
    const action = roll === 0 ? 'add' : roll === 1 ? 'update' : 'remove';
    const fields: Record<string, string> =
      action === 'add'
        ? { username, nickname, password: 'chaos-pass-1', roles: '2' }
        : action === 'update'
          ? { username, nickname }
          : { username };
    const value = action === 'remove' ? undefined : nickname;
    await this.record({ area: 'user', action, subject: username, value }, node, () =>
      consolePost(node.console, `/v2/user/${action}`, token, fields),
    );
  }

  private async send(
    fields: SettingFields,
    method: string,
    path: string,
    okBody: string,
    body?: string,
  ): Promise<void> {
    const node = this.random.pick(this.nodes);
    await this.record(fields, node, () => httpCall(`${node.http}${path}`, { method, headers: FORM, body }, okBody));
  }

  private async record(fields: SettingFields, node: ChaosNode, call: () => Promise<Classified>): Promise<void> {
    const op = this.history.invoke(this.name, node.nodeId, 'http', fields);
    this.ops.push(op);
    const result = await call();
    this.history.complete(op, result.outcome, result.detail);
  }
}
