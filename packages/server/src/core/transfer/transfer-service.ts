import type { Clock } from '../../shared/clock.js';
import type { UserService } from '../auth/user-service.js';
import type { ConfigService } from '../config/config-service.js';
import type { NamingService } from '../naming/naming-service.js';
import type { NamespaceService } from '../namespace/namespace-service.js';
import { conflict } from '../../shared/errors.js';
import type { McpService } from '../mcp/mcp-service.js';
import { MAX_HISTORY_ITEMS } from './config-record.js';
import { importMcpRecords, mcpRecordsOf } from './mcp-transfer.js';
import { contentOfSnapshot } from './export-content.js';
import { planImport, type ImportOptions, type SkippedRecord } from './import-plan.js';
import { encodeTransfer, type DecodedTransfer } from './transfer-codec.js';
import { SERVER_TABLE_IDS, T_MCP_SERVER, T_MCP_TOOL_SPEC, T_USER } from './transfer-format.js';
import { planUsers } from './user-import.js';
import type { TableCounts, TransferContent } from './transfer-model.js';
import type { TransferStore } from './transfer-store.js';

export interface ImportReport {
  /** Records per table found in the file. */
  read: TableCounts;
  /** Records written per table. */
  imported: TableCounts;
  /** Records of known tables that were not written, with the reason. */
  skipped: SkippedRecord[];
  /** Records of tables this server does not use (cache, sequences, foreign tables). */
  ignored: number;
}

export interface TransferServiceOptions {
  store: TransferStore;
  clock: Clock;
  maxContentBytes: number;
  /** `from_sys` written into export headers. */
  fromSys: string;
  /** The running server's in-memory read models, refreshed after an import; the offline CLI has none. */
  live?: LiveModels;
  /** Tool specs and MCP servers, exported and imported beside the store's content. */
  mcp?: McpService;
}

export interface LiveModels {
  configs: ConfigService;
  namespaces: NamespaceService;
  naming: NamingService;
  users: UserService;
}

/** What the running server's adapters call (the service itself loads on first use: transfer-on-demand.ts). */
export type TransferOperations = Pick<TransferService, 'exportContent' | 'exportFile' | 'importDecoded'>;

/** Full export and import of the store in the r-nacos transfer format. */
export class TransferService {
  private importing = false;

  constructor(private readonly options: TransferServiceOptions) {}

  async exportContent(): Promise<TransferContent> {
    const content = contentOfSnapshot(await this.options.store.snapshot(MAX_HISTORY_ITEMS));
    const mcp = this.options.mcp?.snapshot();
    return mcp ? { ...content, ...mcpRecordsOf(mcp.specs, mcp.servers) } : content;
  }

  /** The export file, in chunks; without `users` the file carries no user (nor password hash). */
  async exportFile(options: { users: boolean } = { users: true }): Promise<Uint8Array[]> {
    const content = await this.exportContent();
    return [...this.encode(options.users ? content : { ...content, users: [] })];
  }

  /** Content as an export file of this server (header with the server's table map). */
  encode(content: TransferContent): Generator<Uint8Array> {
    return encodeTransfer(content, {
      modifyTime: this.options.clock.now(),
      fromSys: this.options.fromSys,
      tableIds: SERVER_TABLE_IDS,
    });
  }

  /**
   * Applies an already validated file in one store transaction, then refreshes the read models.
   * One import at a time: a second one while the first runs is refused.
   */
  async importDecoded(decoded: DecodedTransfer, options: ImportOptions): Promise<ImportReport> {
    if (this.importing) throw conflict('another import is still running');
    this.importing = true;
    try {
      const { store, clock } = this.options;
      const existing = new Map((await store.namespaces()).map((ns) => [ns.namespaceId, ns]));
      const { plan, imported, skipped } = planImport(
        decoded.content,
        options,
        {
          now: clock.now(),
          maxContentBytes: this.options.maxContentBytes,
          existingNamespaces: existing,
          registeredAs: (key, ref) => {
            const current = this.options.live?.naming.getInstance(key, ref);
            return current ? (current.ephemeral ? 'ephemeral' : 'persistent') : undefined;
          },
        },
        decoded.tables,
      );
      if (options.users && decoded.content.users.length > 0) {
        const existingUsers = new Map((await store.users()).map((u) => [u.username, u]));
        const users = await planUsers(decoded.content.users, existingUsers, clock.now());
        plan.users = users.users;
        if (users.users.length > 0) imported[T_USER] = users.users.length;
        skipped.push(...users.skipped);
      }
      await store.apply(plan);
      const live = this.options.live;
      if (live) {
        await live.configs.reload();
        await live.namespaces.reload();
        live.naming.adoptStored(plan.instances);
        await live.users.reload();
      }
      // MCP records go through the MCP service (its own store writes, announced to a cluster)
      const { mcpToolSpecs = [], mcpServers = [] } = decoded.content;
      let ignored = decoded.ignored;
      if (this.options.mcp) {
        const counts = await importMcpRecords(this.options.mcp, mcpToolSpecs, mcpServers);
        if (counts.specs > 0) imported[T_MCP_TOOL_SPEC] = counts.specs;
        if (counts.servers > 0) imported[T_MCP_SERVER] = counts.servers;
      } else ignored += mcpToolSpecs.length + mcpServers.length;
      return { read: decoded.tables, imported, skipped, ignored };
    } finally {
      this.importing = false;
    }
  }
}
