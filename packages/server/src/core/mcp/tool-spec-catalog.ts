import type { Clock } from '../../shared/clock.js';
import { conflict, notFound } from '../../shared/errors.js';
import type { KeyedLock } from '../../shared/keyed-lock.js';
import {
  sameSpecKey,
  specKeyString,
  specVersionsUsedBy,
  type McpServer,
  type Page,
  type Paging,
  type ToolFunction,
  type ToolSpec,
  type ToolSpecKey,
} from './mcp-model.js';
import type { McpStore } from './mcp-store.js';

/** A new version of a spec. */
export interface ToolSpecInput {
  key: ToolSpecKey;
  function: ToolFunction;
}

/**
 * The tool specs of McpService: reads from memory, writes through the store. A spec keeps the versions
 * some server still names, so it needs to see the servers (`servers`).
 */
export class ToolSpecCatalog {
  private readonly specs = new Map<string, ToolSpec>();

  constructor(
    private readonly store: McpStore,
    private readonly clock: Clock,
    /** McpService's lock: spec writes run one at a time under its `specs` key. */
    private readonly lock: KeyedLock,
    private readonly servers: () => Iterable<McpServer>,
  ) {}

  list(filter: { namespace?: string; group?: string; toolName?: string }, paging: Paging): Page<ToolSpec> {
    const all = [...this.specs.values()]
      .filter((s) => filter.namespace === undefined || s.key.namespace === filter.namespace)
      .filter((s) => !filter.group || s.key.group.includes(filter.group))
      .filter((s) => !filter.toolName || s.key.toolName.includes(filter.toolName))
      .sort((a, b) => specKeyString(a.key).localeCompare(specKeyString(b.key)));
    return { totalCount: all.length, list: all.slice(paging.offset, paging.offset + paging.limit) };
  }

  get(key: ToolSpecKey): ToolSpec | undefined {
    return this.specs.get(specKeyString(key));
  }

  all(): ToolSpec[] {
    return [...this.specs.values()];
  }

  /** Each input becomes the new current version of its spec (created if new). */
  async save(inputs: ToolSpecInput[], opUser: string): Promise<void> {
    if (inputs.length === 0) return;
    await this.lock.run('specs', async () => {
      const now = this.clock.now();
      let version = await this.store.nextIds('TOOL_SPEC_VERSION', inputs.length);
      const changed = new Map<string, ToolSpec>();
      for (const input of inputs) {
        const id = specKeyString(input.key);
        const base = changed.get(id) ?? (await this.store.loadSpec(input.key));
        const used = this.usedVersions(input.key);
        const kept = (base?.versions ?? []).filter((v) => used.has(v.version));
        const entry = { version: version++, function: input.function, opUser, updateTime: now };
        changed.set(id, {
          key: input.key,
          currentVersion: entry.version,
          createTime: base?.createTime ?? now,
          createUser: base?.createUser ?? opUser,
          versions: [...kept, entry],
        });
      }
      await this.store.saveSpecs([...changed.values()]);
      for (const [id, spec] of changed) this.specs.set(id, spec);
    });
  }

  /**
   * Refused while a version of a server (draft, served or kept) names the spec. The refusal names the
   * servers `named` accepts (those the caller may see) and only counts the others.
   */
  async remove(key: ToolSpecKey, named: (server: McpServer) => boolean): Promise<void> {
    await this.lock.run('specs', async () => {
      const users = [...this.servers()].filter((s) => specVersionsUsedBy(s).some((t) => sameSpecKey(t.toolKey, key)));
      if (users.length > 0) {
        const shown = users.filter(named).map((s) => s.name);
        const others = users.length - shown.length;
        const unnamed = others > 0 ? `${others} MCP server(s) of other namespaces` : '';
        const who = [shown.length > 0 ? `MCP server ${shown.join(', ')}` : '', unnamed].filter(Boolean).join(' and ');
        throw conflict(`the tool spec ${specKeyString(key)} is used by ${who}`);
      }
      if (!(await this.store.removeSpec(key))) throw notFound(`no tool spec ${specKeyString(key)}`);
      this.specs.delete(specKeyString(key));
    });
  }

  /** Writes whole specs (an import). */
  async put(specs: ToolSpec[]): Promise<void> {
    await this.store.saveSpecs(specs);
    for (const spec of specs) this.specs.set(specKeyString(spec.key), spec);
  }

  /** Holds exactly these specs (as just loaded from the store). */
  replaceAll(specs: ToolSpec[]): void {
    this.specs.clear();
    for (const spec of specs) this.specs.set(specKeyString(spec.key), spec);
  }

  /** Re-reads one spec another node changed. */
  async refresh(key: ToolSpecKey): Promise<void> {
    const spec = await this.store.loadSpec(key);
    if (spec) this.specs.set(specKeyString(key), spec);
    else this.specs.delete(specKeyString(key));
  }

  /** Versions of a spec some server version names (they are kept when the spec changes). */
  private usedVersions(key: ToolSpecKey): Set<number> {
    const used = new Set<number>();
    for (const server of this.servers()) {
      for (const tool of specVersionsUsedBy(server)) if (sameSpecKey(tool.toolKey, key)) used.add(tool.toolVersion);
    }
    return used;
  }
}
