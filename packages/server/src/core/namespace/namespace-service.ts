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

export class NamespaceService {
  private readonly byId = new Map<string, Namespace>();

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
    if (namespaceId.length > MAX_ID_LENGTH || !VALID_ID.test(namespaceId)) {
      throw invalid(`invalid namespace id: ${namespaceId} (letters, digits and _ - . :, at most ${MAX_ID_LENGTH})`);
    }
    if (this.exists(namespaceId)) throw invalid(`namespace ${namespaceId} already exists`);
    const ns: Namespace = {
      namespaceId,
      namespaceName: checkName(input.namespaceName),
      namespaceDesc: checkDesc(input.namespaceDesc),
      createdAt: this.clock.now(),
    };
    await this.store.save(ns);
    this.byId.set(namespaceId, ns);
    return { ...ns, type: 2 };
  }

  async update(input: { namespaceId: string; namespaceName: string; namespaceDesc?: string }): Promise<NamespaceView> {
    if (isDefaultNamespace(input.namespaceId)) throw invalid('the public namespace cannot be changed');
    const current = this.byId.get(input.namespaceId);
    if (!current) throw notFound(`namespace ${input.namespaceId} does not exist`);
    const ns: Namespace = {
      ...current,
      namespaceName: checkName(input.namespaceName),
      namespaceDesc: input.namespaceDesc === undefined ? current.namespaceDesc : checkDesc(input.namespaceDesc),
    };
    await this.store.save(ns);
    this.byId.set(ns.namespaceId, ns);
    return { ...ns, type: 2 };
  }

  /** Removes an empty created namespace; one holding configs or services is refused (NamespaceInUseError). */
  async remove(namespaceId: string): Promise<void> {
    if (isDefaultNamespace(namespaceId)) throw invalid('the public namespace cannot be removed');
    const usage = this.usageOf(namespaceId);
    if (usage.configs > 0 || usage.services > 0) throw new NamespaceInUseError(namespaceId, usage);
    if (!this.byId.has(namespaceId)) throw notFound(`namespace ${namespaceId} does not exist`);
    await this.store.remove(namespaceId);
    this.byId.delete(namespaceId);
  }

  /** Re-reads the namespaces after a bulk write to the store (transfer import). */
  async reload(): Promise<void> {
    const fresh = await this.store.loadAll();
    this.byId.clear();
    for (const ns of fresh) this.byId.set(ns.namespaceId, ns);
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
