import { randomUUID } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import { invalid, NacosError, notFound } from '../../shared/errors.js';
import type { Namespace, NamespaceStore } from './namespace-store.js';

const DEFAULT_NAMESPACE_ID = '';
const DEFAULT_NAMESPACE_NAME = 'public';

const VALID_ID = /^[\w\-.:]+$/;
const MAX_ID_LENGTH = 128;
const MAX_NAME_LENGTH = 128;
const MAX_DESC_LENGTH = 256;

export interface NamespaceView extends Namespace {
  /** 0: the default (public) namespace, 2: a custom one. */
  type: 0 | 2;
}

/** What a namespace still holds; asked when it is to be removed. */
export interface NamespaceUsage {
  configs: number;
  services: number;
}
export type NamespaceUsageProbe = (namespaceId: string) => NamespaceUsage;

/** A namespace that still holds configs or services cannot be removed: they would stay behind, orphaned. */
export class NamespaceInUseError extends NacosError {
  constructor(
    readonly namespaceId: string,
    readonly usage: NamespaceUsage,
  ) {
    const held = [
      usage.configs > 0 ? `${usage.configs} config${usage.configs === 1 ? '' : 's'}` : '',
      usage.services > 0 ? `${usage.services} service${usage.services === 1 ? '' : 's'}` : '',
    ].filter(Boolean);
    super('invalid', `namespace ${namespaceId} still holds ${held.join(' and ')}: delete them first`);
    this.name = 'NamespaceInUseError';
  }
}

/** Blank, "public" and "null" all name the default namespace. */
export function isDefaultNamespace(id: string | undefined | null): boolean {
  const t = (id ?? '').trim().toLowerCase();
  return t === '' || t === 'public' || t === 'null';
}

/**
 * Namespaces: reads from memory; whether one exists when it is added, changed or removed is decided by
 * the store. Writes and reloads take turns, so a reload never puts back what a write has just changed.
 */
export class NamespaceService {
  private readonly byId = new Map<string, Namespace>();
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly store: NamespaceStore,
    private readonly clock: Clock,
    private readonly usageOf: NamespaceUsageProbe,
  ) {}

  /** `usageOf` tells what a namespace holds (configs, services), so every door refuses to remove a used one. */
  static async create(store: NamespaceStore, clock: Clock, usageOf: NamespaceUsageProbe): Promise<NamespaceService> {
    const service = new NamespaceService(store, clock, usageOf);
    for (const ns of await store.loadAll()) service.byId.set(ns.namespaceId, ns);
    return service;
  }

  /** The default namespace first, then the custom ones in creation order. */
  list(): NamespaceView[] {
    const custom = [...this.byId.values()].sort(
      (a, b) => a.createdAt - b.createdAt || a.namespaceId.localeCompare(b.namespaceId),
    );
    return [this.defaultNamespace(), ...custom.map((ns) => ({ ...ns, type: 2 as const }))];
  }

  get(namespaceId: string): NamespaceView | undefined {
    if (isDefaultNamespace(namespaceId)) return this.defaultNamespace();
    const ns = this.byId.get(namespaceId);
    return ns && { ...ns, type: 2 };
  }

  exists(namespaceId: string): boolean {
    return isDefaultNamespace(namespaceId) || this.byId.has(namespaceId);
  }

  async add(input: { namespaceId?: string; namespaceName: string; namespaceDesc?: string }): Promise<NamespaceView> {
    const namespaceId = input.namespaceId?.trim() || randomUUID();
    const added = await this.insert({ ...input, namespaceId });
    if (!added) throw invalid(`namespace ${namespaceId} already exists`);
    return added;
  }

  /** Adds the namespace, or changes it when the store has it already (the console's add). */
  async put(input: { namespaceId: string; namespaceName: string }): Promise<NamespaceView> {
    return (await this.insert(input)) ?? this.update(input);
  }

  /** Stores a new namespace; null when the store (or the default namespace) has the id already. */
  private async insert(input: { namespaceId: string; namespaceName: string; namespaceDesc?: string }) {
    const { namespaceId } = input;
    if (namespaceId.length > MAX_ID_LENGTH || !VALID_ID.test(namespaceId)) {
      throw invalid(`invalid namespace id: ${namespaceId} (letters, digits and _ - . :, at most ${MAX_ID_LENGTH})`);
    }
    const ns: Namespace = {
      namespaceId,
      namespaceName: checkName(input.namespaceName),
      namespaceDesc: checkDesc(input.namespaceDesc),
      createdAt: this.clock.now(),
    };
    if (isDefaultNamespace(namespaceId)) return null;
    return this.serialized(async () => {
      if (!(await this.store.insert(ns))) return null;
      this.byId.set(namespaceId, ns);
      return { ...ns, type: 2 as const };
    });
  }

  async update(input: { namespaceId: string; namespaceName: string; namespaceDesc?: string }): Promise<NamespaceView> {
    if (isDefaultNamespace(input.namespaceId)) throw invalid('the public namespace cannot be changed');
    const change = {
      namespaceName: checkName(input.namespaceName),
      namespaceDesc: input.namespaceDesc === undefined ? undefined : checkDesc(input.namespaceDesc),
    };
    return this.serialized(async () => {
      const ns = await this.store.update(input.namespaceId, change);
      if (!ns) {
        this.byId.delete(input.namespaceId);
        throw notFound(`namespace ${input.namespaceId} does not exist`);
      }
      this.byId.set(ns.namespaceId, ns);
      return { ...ns, type: 2 as const };
    });
  }

  /** Removes an empty created namespace; one holding configs or services is refused (NamespaceInUseError). */
  async remove(namespaceId: string): Promise<void> {
    if (isDefaultNamespace(namespaceId)) throw invalid('the public namespace cannot be removed');
    const usage = this.usageOf(namespaceId);
    if (usage.configs > 0 || usage.services > 0) throw new NamespaceInUseError(namespaceId, usage);
    return this.serialized(async () => {
      const removed = await this.store.remove(namespaceId);
      this.byId.delete(namespaceId);
      if (!removed) throw notFound(`namespace ${namespaceId} does not exist`);
    });
  }

  /** Re-reads the namespaces (a bulk write to the store, or another node changed them). */
  async reload(): Promise<void> {
    return this.serialized(async () => {
      const fresh = await this.store.loadAll();
      this.byId.clear();
      for (const ns of fresh) this.byId.set(ns.namespaceId, ns);
    });
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private defaultNamespace(): NamespaceView {
    return {
      namespaceId: DEFAULT_NAMESPACE_ID,
      namespaceName: DEFAULT_NAMESPACE_NAME,
      namespaceDesc: 'Public Namespace',
      createdAt: 0,
      type: 0,
    };
  }
}

function checkName(name: string | undefined): string {
  const n = name?.trim() ?? '';
  if (!n) throw invalid('namespace name is required');
  if (n.length > MAX_NAME_LENGTH) throw invalid(`namespace name is longer than ${MAX_NAME_LENGTH} characters`);
  return n;
}

function checkDesc(desc: string | undefined): string {
  const d = desc?.trim() ?? '';
  if (d.length > MAX_DESC_LENGTH) throw invalid(`namespace description is longer than ${MAX_DESC_LENGTH} characters`);
  return d;
}
