import { randomUUID } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import { conflict, invalid, notFound } from '../../shared/errors.js';
import { KeyedLock } from '../../shared/keyed-lock.js';
import type { McpEndpoints } from './mcp-endpoints.js';
import type { McpReleaseInput } from './mcp-registry-input.js';
import {
  MCP_LIMITS,
  STDIO,
  releaseDate,
  type McpServerVersion,
  type RegisteredMcpServer,
} from './mcp-registry-model.js';
import type { RegistryDocumentStore } from './registry-document-store.js';
import { decideOnFreshCopy, StaleEntry } from './registry-writes.js';
import { searchByName, type SearchMode } from './registry-search.js';
import { autoEndpointSpec, removeVersions, withVersion } from './mcp-registry-versions.js';

/** Which server a request names: its id, else its name in the namespace. */
export interface ServerRef {
  id?: string;
  name?: string;
}

/** Where the registry's MCP servers are kept. */
export type McpRegistryStore = RegistryDocumentStore<RegisteredMcpServer>;

/**
 * The nacos 3 AI registry's MCP servers: reads from memory, writes through the store (answered once
 * durable). Writes of one namespace run one at a time.
 */
export class McpRegistry {
  private readonly servers = new Map<string, RegisteredMcpServer>();
  private readonly lock = new KeyedLock();

  private constructor(
    private readonly store: McpRegistryStore,
    private readonly endpoints: McpEndpoints,
    private readonly clock: Clock,
  ) {}

  static async create(store: McpRegistryStore, endpoints: McpEndpoints, clock: Clock): Promise<McpRegistry> {
    const registry = new McpRegistry(store, endpoints, clock);
    for (const server of await store.loadAll()) registry.servers.set(server.id, server);
    return registry;
  }

  /** Re-reads one server another node of a cluster changed. */
  async refresh(id: string): Promise<void> {
    const stored = await this.store.get(id);
    if (stored) this.servers.set(id, stored);
    else this.servers.delete(id);
  }

  /** Re-reads every server (changes may have been missed). */
  async reload(): Promise<void> {
    const all = await this.store.loadAll();
    this.servers.clear();
    for (const server of all) this.servers.set(server.id, server);
  }

  // ---- reads

  /** Servers of a namespace (or of all, when undefined) by name, ordered by namespace and name. */
  list(namespaceId: string | undefined, name: string | undefined, mode: SearchMode): RegisteredMcpServer[] {
    return searchByName(this.servers.values(), namespaceId, name, mode);
  }

  byId(id: string): RegisteredMcpServer | undefined {
    return this.servers.get(id);
  }

  find(namespaceId: string, ref: ServerRef): RegisteredMcpServer | undefined {
    if (ref.id) {
      const server = this.servers.get(ref.id);
      return server?.namespaceId === namespaceId ? server : undefined;
    }
    for (const s of this.servers.values()) if (s.namespaceId === namespaceId && s.name === ref.name) return s;
    return undefined;
  }

  /** The server and the version asked for (the latest when none is). */
  version(namespaceId: string, ref: ServerRef, version?: string): [RegisteredMcpServer, McpServerVersion] {
    const server = this.require(namespaceId, ref);
    const found = server.versions.find((v) => v.version === (version || server.latestVersion));
    if (!found) throw notFound(`mcp server \`${server.id}\` for version \`${version}\` not found`);
    return [server, found];
  }

  get endpointsOf(): McpEndpoints {
    return this.endpoints;
  }

  // ---- writes

  /** A new server with its first version, the latest; conflict when the name is taken. */
  create(namespaceId: string, input: McpReleaseInput): Promise<string> {
    return this.locked(namespaceId, async () => {
      if (this.find(namespaceId, { name: input.name })) {
        throw conflict(`mcp server \`${input.name}\` has existed, please update it rather than create.`);
      }
      if (input.id && this.servers.has(input.id)) {
        throw invalid('parameter `serverSpecification.id` conflict with exist mcp server id');
      }
      if (this.servers.size >= MCP_LIMITS.servers) throw invalid(`at most ${MCP_LIMITS.servers} MCP servers`);
      const empty = { id: input.id ?? randomUUID(), namespaceId, name: input.name, latestVersion: '', versions: [] };
      return this.write(empty, undefined, input, true);
    });
  }

  /** Adds or replaces a version of an existing server; `latest` makes it the latest. */
  update(namespaceId: string, input: McpReleaseInput, latest: boolean): Promise<string> {
    return this.locked(namespaceId, async () => {
      const server = this.require(namespaceId, { id: input.id, name: input.id ? undefined : input.name });
      return this.write(server, server, input, latest || server.versions.length === 0);
    });
  }

  /**
   * A client's release (nacos's `ReleaseMcpServerRequest`): a new server, or a new version of one; an
   * existing version is a conflict. Without an endpoint spec a remote server's endpoints are those clients
   * register in its own service.
   */
  async release(namespaceId: string, input: McpReleaseInput): Promise<string> {
    const withEndpoints =
      input.endpointSpec || input.spec.protocol === STDIO
        ? input
        : Object.assign({}, input, { endpointSpec: autoEndpointSpec(namespaceId, input.name, input.version) });
    const existing = this.find(namespaceId, { name: input.name });
    if (!existing) return this.create(namespaceId, withEndpoints);
    if (existing.versions.some((v) => v.version === input.version)) {
      throw conflict(`Mcp Server ${input.name} and target version ${input.version} already exist, do not do release`);
    }
    return this.update(namespaceId, withEndpoints, input.isLatest === true);
  }

  /** Removes one version (the server goes with its last one), or the whole server when none is named. */
  remove(namespaceId: string, ref: ServerRef, version?: string): Promise<void> {
    return this.locked(namespaceId, async () => {
      const server = this.require(namespaceId, ref);
      if (version && !server.versions.some((v) => v.version === version)) {
        throw notFound(`mcp server \`${server.id}\` for version \`${version}\` not found`);
      }
      const { next, removed } = removeVersions(server, version);
      if (next) await this.save(next, server);
      else {
        // the whole server goes whatever another node did to it; its last version only if it is still the last
        if (version && !(await this.store.remove(server.id, server))) throw new StaleEntry(server.id);
        if (!version) await this.store.remove(server.id);
        this.servers.delete(server.id);
      }
      for (const v of removed) if (v.serviceRef) await this.endpoints.dropOwn(v.serviceRef);
    });
  }

  /** `basis`: the server as this write found it (undefined for a new one). */
  private async write(
    server: RegisteredMcpServer,
    basis: RegisteredMcpServer | undefined,
    input: McpReleaseInput,
    latest: boolean,
  ): Promise<string> {
    const serviceRef =
      input.endpointSpec && input.spec.protocol !== STDIO
        ? this.endpoints.refOf(server.namespaceId, input.name, input.version, input.endpointSpec)
        : undefined;
    const next = withVersion(server, input, serviceRef, latest, releaseDate(this.clock.now()));
    if (next.versions.length > MCP_LIMITS.versionsPerServer) {
      throw invalid(`at most ${MCP_LIMITS.versionsPerServer} versions of an MCP server`);
    }
    await this.save(next, basis);
    if (serviceRef && input.endpointSpec) await this.endpoints.registerDirect(serviceRef, input.endpointSpec);
    return next.id;
  }

  private async save(next: RegisteredMcpServer, basis: RegisteredMcpServer | undefined): Promise<void> {
    const outcome = await this.store.save(next, basis);
    if (outcome === 'stale') throw new StaleEntry(next.id);
    if (outcome === 'name-taken') throw conflict(`mcp server \`${next.name}\` has existed`);
    this.servers.set(next.id, next);
  }

  /** Runs a write under the namespace's lock, decided again on the stored entry when another node changed it. */
  private locked<R>(namespaceId: string, write: () => Promise<R>): Promise<R> {
    return this.lock.run(namespaceId, () => decideOnFreshCopy((id) => this.refresh(id), write));
  }

  private require(namespaceId: string, ref: ServerRef): RegisteredMcpServer {
    const server = this.find(namespaceId, ref);
    if (!server) {
      throw notFound(`Mcp server [${ref.id ? `ID: ${ref.id}` : ref.name}] not found in namespace [${namespaceId}]`);
    }
    return server;
  }
}
