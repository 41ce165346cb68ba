import type { Clock } from '../../shared/clock.js';
import { conflict, invalid, notFound } from '../../shared/errors.js';
import { KeyedLock } from '../../shared/keyed-lock.js';
import {
  MAX_SERVER_HISTORIES,
  specKeyString,
  type McpServer,
  type Page,
  type Paging,
  type RouteRule,
  type ServerTool,
  type ServerVersion,
  type ToolSpec,
  type ToolSpecKey,
} from './mcp-model.js';
import type { McpStore } from './mcp-store.js';
import { checkRouteUrls, type McpEditor } from './route-url.js';
import { ToolSpecCatalog, type ToolSpecInput } from './tool-spec-catalog.js';

/** A tool of a server edit: the spec it names (a version of it, or its current one) and the route. */
export interface ServerToolInput {
  specKey: ToolSpecKey;
  toolVersion?: number;
  routeRule: RouteRule;
}

/** A server edit; absent fields keep their value (an added server needs name and authKeys). */
export interface ServerInput {
  uniqueKey?: string;
  namespace?: string;
  name?: string;
  description?: string;
  authKeys?: string[];
  tools?: ServerToolInput[];
}

/** A server's state after a change (undefined: it is gone), from this node's write or another node's. */
export type ServerListener = (id: number, server: McpServer | undefined) => void;

/** Judges the stored server (or version) an edit acts on, inside the edit; throws to refuse it. */
export type Approval<T> = (value: T) => void;

/**
 * Tool specs and MCP servers: reads from memory, writes through the store. A server's edits make its draft
 * (`current`); publishing serves the draft; a published version can be served again.
 */
export class McpService {
  private readonly servers = new Map<number, McpServer>();
  private readonly lock = new KeyedLock();
  private readonly specs: ToolSpecCatalog;
  private readonly serverListeners = new Set<ServerListener>();

  private constructor(
    private readonly store: McpStore,
    private readonly clock: Clock,
  ) {
    this.specs = new ToolSpecCatalog(store, clock, this.lock, () => this.servers.values());
  }

  static async create(store: McpStore, clock: Clock): Promise<McpService> {
    const service = new McpService(store, clock);
    await service.reload();
    return service;
  }

  /** Called after every change of a server in memory; resolves a function that stops the calls. */
  onServerChanged(listener: ServerListener): () => void {
    this.serverListeners.add(listener);
    return () => this.serverListeners.delete(listener);
  }

  // ---- reads

  listSpecs(filter: { namespace?: string; group?: string; toolName?: string }, paging: Paging): Page<ToolSpec> {
    return this.specs.list(filter, paging);
  }

  getSpec(key: ToolSpecKey): ToolSpec | undefined {
    return this.specs.get(key);
  }

  listServers(filter: { namespace?: string; name?: string }, paging: Paging): Page<McpServer> {
    const all = [...this.servers.values()]
      .filter((s) => filter.namespace === undefined || s.namespace === filter.namespace)
      .filter((s) => !filter.name || s.name.includes(filter.name))
      .sort((a, b) => a.id - b.id);
    return { totalCount: all.length, list: all.slice(paging.offset, paging.offset + paging.limit) };
  }

  getServer(id: number): McpServer | undefined {
    return this.servers.get(id);
  }

  getServerByKey(uniqueKey: string): McpServer | undefined {
    for (const server of this.servers.values()) if (server.uniqueKey === uniqueKey) return server;
    return undefined;
  }

  /** Published versions, newest first, optionally within [start, end] (epoch ms). */
  history(id: number, range: { start?: number; end?: number }, paging: Paging): Page<ServerVersion> {
    const server = this.requireServer(id);
    const all = server.histories
      .filter(
        (v) =>
          (range.start === undefined || v.updateTime >= range.start) &&
          (range.end === undefined || v.updateTime <= range.end),
      )
      .sort((a, b) => b.updateTime - a.updateTime || b.id - a.id);
    return { totalCount: all.length, list: all.slice(paging.offset, paging.offset + paging.limit) };
  }

  /** Every spec and server, for an export. */
  snapshot(): { specs: ToolSpec[]; servers: McpServer[] } {
    return { specs: this.specs.all(), servers: [...this.servers.values()] };
  }

  // ---- tool specs (ToolSpecCatalog)

  /** Each input becomes the new current version of its spec (created if new). */
  saveSpecs(inputs: ToolSpecInput[], opUser: string): Promise<void> {
    return this.specs.save(inputs, opUser);
  }

  /**
   * Refused while a version of a server (draft, served or kept) names the spec. The refusal names the
   * servers `named` accepts (those the caller may see) and only counts the others.
   */
  removeSpec(key: ToolSpecKey, named: (server: McpServer) => boolean = () => true): Promise<void> {
    return this.specs.remove(key, named);
  }

  // ---- servers

  /** A new server; its first version is published at once. Resolves its id. */
  async addServer(input: ServerInput, editor: McpEditor): Promise<number> {
    checkRouteUrls(input.tools ?? [], editor, new Set());
    const opUser = editor.user;
    const now = this.clock.now();
    const id = await this.store.nextIds('MCP_SERVER_ID', 1);
    const valueId = await this.store.nextIds('MCP_SERVER_VALUE_ID', 2);
    const namespace = input.namespace ?? 'public';
    const current: ServerVersion = {
      id: valueId,
      version: 1,
      description: input.description ?? '',
      tools: this.resolveTools(input.tools ?? [], namespace),
      opUser,
      updateTime: now,
    };
    const server: McpServer = {
      id,
      uniqueKey: input.uniqueKey ?? `${now}_${id}`,
      namespace,
      name: input.name ?? '',
      description: input.description ?? '',
      authKeys: input.authKeys ?? [],
      createTime: now,
      createUser: opUser,
      current,
      release: null,
      histories: [],
    };
    await this.write(publish(server, valueId + 1));
    return id;
  }

  /** Applies an edit to the draft; the served version stays until the next publish. */
  async updateServer(id: number, input: ServerInput, editor: McpEditor, approve?: Approval<McpServer>): Promise<void> {
    const opUser = editor.user;
    await this.edit(id, (server) => {
      approve?.(server);
      if (input.tools) checkRouteUrls(input.tools, editor, routeUrlsOf(server));
      const namespace = input.namespace ?? server.namespace;
      const tools = input.tools ? this.resolveTools(input.tools, namespace) : server.current.tools;
      const description = input.description ?? server.description;
      return {
        ...server,
        uniqueKey: input.uniqueKey ?? server.uniqueKey,
        namespace,
        name: input.name ?? server.name,
        description,
        authKeys: input.authKeys ?? server.authKeys,
        current: { ...server.current, description, tools, opUser, updateTime: this.clock.now() },
      };
    });
  }

  /** Serves the draft; `approve` judges the stored server whose draft it is. */
  async publish(id: number, approve?: Approval<McpServer>): Promise<void> {
    const nextValueId = await this.store.nextIds('MCP_SERVER_VALUE_ID', 1);
    await this.edit(id, (server) => {
      approve?.(server);
      return publish(server, nextValueId);
    });
  }

  /** Serves a kept published version again; `approve` judges the server and that version. */
  async publishHistory(id: number, historyId: number, approve?: Approval<[McpServer, ServerVersion]>): Promise<void> {
    await this.edit(id, (server) => {
      const version = server.histories.find((v) => v.id === historyId);
      if (!version) throw notFound(`MCP server ${id} has no published version ${historyId}`);
      approve?.([server, version]);
      return { ...server, release: version };
    });
  }

  async removeServer(id: number): Promise<void> {
    await this.lock.run(`server:${id}`, async () => {
      if (!(await this.store.removeServer(id))) throw notFound(`no MCP server ${id}`);
      this.servers.delete(id);
      this.changed(id);
    });
  }

  /** Writes whole servers (an import); each keeps its id. */
  async putServers(servers: McpServer[]): Promise<void> {
    if (!(await this.store.saveServers(servers))) throw conflict('an MCP server key is taken by another server');
    for (const server of servers) this.servers.set(server.id, server);
    for (const server of servers) this.changed(server.id);
  }

  putSpecs(specs: ToolSpec[]): Promise<void> {
    return this.specs.put(specs);
  }

  nextIds(sequence: Parameters<McpStore['nextIds']>[0], count: number): Promise<number> {
    return this.store.nextIds(sequence, count);
  }

  // ---- what other nodes wrote

  async reload(): Promise<void> {
    const [specs, servers] = await Promise.all([this.store.loadSpecs(), this.store.loadServers()]);
    this.specs.replaceAll(specs);
    const before = [...this.servers.keys()];
    this.servers.clear();
    for (const server of servers) this.servers.set(server.id, server);
    for (const id of new Set([...before, ...this.servers.keys()])) this.changed(id);
  }

  refreshSpec(key: ToolSpecKey): Promise<void> {
    return this.specs.refresh(key);
  }

  async refreshServer(id: number): Promise<void> {
    const server = await this.store.loadServer(id);
    if (server) this.servers.set(id, server);
    else this.servers.delete(id);
    this.changed(id);
  }

  // ---- internals

  private requireServer(id: number): McpServer {
    const server = this.servers.get(id);
    if (!server) throw notFound(`no MCP server ${id}`);
    return server;
  }

  /** Read-modify-write of one server from what is stored (another node may have written it since). */
  private async edit(id: number, change: (server: McpServer) => McpServer): Promise<void> {
    await this.lock.run(`server:${id}`, async () => {
      const stored = await this.store.loadServer(id);
      if (!stored) {
        this.servers.delete(id);
        this.changed(id);
        throw notFound(`no MCP server ${id}`);
      }
      await this.write(change(stored));
    });
  }

  private async write(server: McpServer): Promise<void> {
    if (!server.name) throw invalid('name is required');
    if (server.authKeys.length === 0) throw invalid('authKeys must hold at least one key');
    if (!(await this.store.saveServers([server]))) throw keyTaken(server.uniqueKey);
    this.servers.set(server.id, server);
    this.changed(server.id);
  }

  private changed(id: number): void {
    const server = this.servers.get(id);
    for (const listener of this.serverListeners) {
      // the write is done: a listener's failure must not turn it into an error for its caller
      try {
        listener(id, server);
      } catch {
        /* listeners guard their own work */
      }
    }
  }

  private resolveTools(inputs: ServerToolInput[], namespace: string): ServerTool[] {
    const names = new Set<string>();
    return inputs.map((input) => {
      const specKey = { ...input.specKey, namespace: input.specKey.namespace || namespace };
      const spec = this.getSpec(specKey);
      if (!spec) throw invalid(`no tool spec ${specKeyString(specKey)}`);
      const version = input.toolVersion ?? spec.currentVersion;
      const entry = spec.versions.find((v) => v.version === version);
      if (!entry) {
        throw invalid(
          `tool spec ${specKeyString(specKey)} has no version ${version} (current: ${spec.currentVersion})`,
        );
      }
      if (names.has(specKey.toolName)) throw invalid(`the tool ${specKey.toolName} is listed twice`);
      names.add(specKey.toolName);
      return {
        toolName: specKey.toolName,
        toolKey: specKey,
        toolVersion: version,
        spec: entry.function,
        routeRule: input.routeRule,
      };
    });
  }
}

/** The URLs the draft and the served version route to. */
function routeUrlsOf(server: McpServer): Set<string> {
  const versions = server.release ? [server.current, server.release] : [server.current];
  return new Set(versions.flatMap((v) => v.tools.map((t) => t.routeRule.url)));
}

/** A server key held by another server, wherever it is: the refusal names nothing else about it. */
export const keyTaken = (uniqueKey: string) => conflict(`the MCP server key ${uniqueKey} is taken by another server`);

/**
 * The draft becomes the served version and joins the history; the new draft gets `nextValueId` and the
 * server's next version number.
 */
function publish(server: McpServer, nextValueId: number): McpServer {
  const released = server.current;
  const histories = [...server.histories, released].slice(-MAX_SERVER_HISTORIES);
  const next = { ...released, id: nextValueId, version: released.version + 1 };
  return { ...server, release: released, histories, current: next };
}
