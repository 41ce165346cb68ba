import type { TransferImportResult } from '@tsnacos/protocol';

/** Counts of an import in the words of the page (the file's table names stay internal). */
export interface ImportSummary {
  configs: number;
  /** Gray (beta and tag) releases of configs. */
  grays: number;
  namespaces: number;
  users: number;
  instances: number;
  mcpToolSpecs: number;
  mcpServers: number;
  skipped: number;
  ignored: number;
  /** "key: reason" of the first skipped records. */
  skippedDetails: string[];
}

const MAX_DETAILS = 20;

export function summarizeImport(result: TransferImportResult): ImportSummary {
  const n = (table: string) => result.imported[table] ?? 0;
  return {
    configs: n('T_CONFIG'),
    grays: n('T_CONFIG_GRAY'),
    namespaces: n('T_NAMESPACE'),
    users: n('T_USER'),
    instances: n('T_NAMING_INSTANCE'),
    mcpToolSpecs: n('T_MCP_TOOL_SPEC'),
    mcpServers: n('T_MCP_SERVER'),
    skipped: result.skipped.length,
    ignored: result.ignored,
    skippedDetails: result.skipped.slice(0, MAX_DETAILS).map((s) => `${s.key}: ${s.reason}`),
  };
}
