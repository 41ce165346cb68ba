import { randomUUID } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import { conflict, invalid, notFound } from '../../shared/errors.js';
import { KeyedLock } from '../../shared/keyed-lock.js';
import type { AgentEndpoints } from './agent-endpoints.js';
import {
  AGENT_LIMITS,
  type AgentCard,
  type AgentCardVersion,
  type RegisteredAgent,
  type RegistrationType,
} from './agent-card-model.js';
import { releaseDate } from './mcp-registry-model.js';
import type { RegistryDocumentStore } from './registry-document-store.js';
import { decideOnFreshCopy, StaleEntry } from './registry-writes.js';
import { searchByName, type SearchMode } from './registry-search.js';

/** Where the registry's agents are kept. */
export type AgentRegistryStore = RegistryDocumentStore<RegisteredAgent>;

/** What a client's release did: a new agent, a new version of one, or nothing (the version exists). */
export type ReleaseOutcome = 'created' | 'added' | 'exists';

/**
 * The nacos 3.1 AI registry's agents (A2A): reads from memory, writes through the store (answered once
 * durable). Writes of one namespace run one at a time.
 */
export class AgentRegistry {
  private readonly agents = new Map<string, RegisteredAgent>();
  private readonly lock = new KeyedLock();

  private constructor(
    private readonly store: AgentRegistryStore,
    readonly endpoints: AgentEndpoints,
    private readonly clock: Clock,
  ) {}

  static async create(store: AgentRegistryStore, endpoints: AgentEndpoints, clock: Clock): Promise<AgentRegistry> {
    const registry = new AgentRegistry(store, endpoints, clock);
    await registry.reload();
    return registry;
  }

  /** Re-reads one agent another node of a cluster changed. */
  async refresh(id: string): Promise<void> {
    const stored = await this.store.get(id);
    if (stored) this.agents.set(id, stored);
    else this.agents.delete(id);
  }

  /** Re-reads every agent (changes may have been missed). */
  async reload(): Promise<void> {
    const all = await this.store.loadAll();
    this.agents.clear();
    for (const agent of all) this.agents.set(agent.id, agent);
  }

  // ---- reads

  list(namespaceId: string, name: string | undefined, mode: SearchMode): RegisteredAgent[] {
    return searchByName(this.agents.values(), namespaceId, name, mode);
  }

  find(namespaceId: string, name: string): RegisteredAgent | undefined {
    for (const a of this.agents.values()) if (a.namespaceId === namespaceId && a.name === name) return a;
    return undefined;
  }

  // ---- writes

  /** A new agent with its card as the first version, the latest; conflict when the name is taken. */
  create(namespaceId: string, card: AgentCard, type: RegistrationType): Promise<void> {
    return this.locked(namespaceId, () => this.createNow(namespaceId, card, type));
  }

  /**
   * Adds the card's version to an agent, or replaces it; `setAsLatest` makes it the latest. Without a
   * registration type the version keeps its own (a new one takes the latest's).
   */
  update(namespaceId: string, card: AgentCard, type: RegistrationType | undefined, setAsLatest: boolean) {
    return this.locked(namespaceId, async () => {
      const agent = this.find(namespaceId, card.name);
      if (!agent) throw notFound(`Agent not found: ${card.name}`);
      await this.write(agent, agent, card, type, setAsLatest);
    });
  }

  /** A client's release (nacos's `ReleaseAgentCardRequest`): a new agent or version; an existing one stays. */
  release(namespaceId: string, card: AgentCard, type: RegistrationType, setAsLatest: boolean): Promise<ReleaseOutcome> {
    return this.locked(namespaceId, async () => {
      const agent = this.find(namespaceId, card.name);
      if (!agent) {
        await this.createNow(namespaceId, card, type);
        return 'created';
      }
      if (agent.versions.some((v) => v.version === card.version)) return 'exists';
      await this.write(agent, agent, card, type, setAsLatest);
      return 'added';
    });
  }

  /**
   * Removes one version (the agent goes with its last one; removing the latest leaves none, as nacos does),
   * or the whole agent when none is named. Removing what is not there is no error (nacos answers ok).
   */
  remove(namespaceId: string, name: string, version?: string): Promise<void> {
    return this.locked(namespaceId, async () => {
      const agent = this.find(namespaceId, name);
      if (!agent) return;
      const versions = version ? agent.versions.filter((v) => v.version !== version) : [];
      if (versions.length === agent.versions.length) return;
      if (versions.length === 0) {
        // the whole agent goes whatever another node did to it; its last version only if it is still the last
        if (version && !(await this.store.remove(agent.id, agent))) throw new StaleEntry(agent.id);
        if (!version) await this.store.remove(agent.id);
        this.agents.delete(agent.id);
        return;
      }
      const latestVersion = agent.latestVersion === version ? '' : agent.latestVersion;
      await this.save(Object.assign({}, agent, { versions, latestVersion }), agent);
    });
  }

  private async createNow(namespaceId: string, card: AgentCard, type: RegistrationType): Promise<void> {
    if (this.find(namespaceId, card.name)) {
      throw conflict(`AgentCard name ${card.name} already exist`);
    }
    if (this.agents.size >= AGENT_LIMITS.agents) throw invalid(`at most ${AGENT_LIMITS.agents} agents`);
    const empty = { id: randomUUID(), namespaceId, name: card.name, latestVersion: '', versions: [] };
    await this.write(empty, undefined, card, type, true);
  }

  /** `basis`: the agent as this write found it (undefined for a new one). */
  private async write(
    agent: RegisteredAgent,
    basis: RegisteredAgent | undefined,
    card: AgentCard,
    type: RegistrationType | undefined,
    latest: boolean,
  ): Promise<void> {
    // the endpoints' service must be one the naming service takes, before anything is stored
    this.endpoints.serviceOf(agent.namespaceId, card.name, card.version);
    const now = releaseDate(this.clock.now());
    const previous = agent.versions.find((v) => v.version === card.version);
    const latestType = agent.versions.find((v) => v.version === agent.latestVersion)?.registrationType;
    const version: AgentCardVersion = {
      version: card.version,
      registrationType: type ?? previous?.registrationType ?? latestType ?? 'URL',
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
      card,
    };
    const versions = previous
      ? agent.versions.map((v) => (v === previous ? version : v))
      : agent.versions.concat(version);
    if (versions.length > AGENT_LIMITS.versionsPerAgent) {
      throw invalid(`at most ${AGENT_LIMITS.versionsPerAgent} versions of an agent`);
    }
    const latestVersion = latest ? card.version : agent.latestVersion;
    const next = { id: agent.id, namespaceId: agent.namespaceId, name: agent.name, latestVersion, versions };
    await this.save(next, basis);
  }

  private async save(next: RegisteredAgent, basis: RegisteredAgent | undefined): Promise<void> {
    const outcome = await this.store.save(next, basis);
    if (outcome === 'stale') throw new StaleEntry(next.id);
    if (outcome === 'name-taken') throw conflict(`AgentCard name ${next.name} already exist`);
    this.agents.set(next.id, next);
  }

  /** Runs a write under the namespace's lock, decided again on the stored entry when another node changed it. */
  private locked<R>(namespaceId: string, write: () => Promise<R>): Promise<R> {
    return this.lock.run(namespaceId, () => decideOnFreshCopy((id) => this.refresh(id), write));
  }
}
