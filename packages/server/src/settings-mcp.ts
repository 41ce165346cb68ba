import { rangeItems } from './core/outbound/range-items.js';
import type { SettingDef, SettingReader } from './settings-reader.js';

/** MCP tool calls and SSE sessions, and the outbound policy that bounds where tool calls may go. */
export interface McpSettings {
  /** MCP tool calls: how long the routed HTTP service may take (ms), and the largest answer kept (bytes). */
  mcpHttpTimeoutMs: number;
  mcpMaxResponseBytes: number;
  /** MCP tool calls waiting on their routed service at once. */
  mcpMaxCallsInFlight: number;
  /**
   * Address ranges the outbound policy (MCP tool calls) allows although it refuses them by default (loopback,
   * link-local, metadata), and ranges it refuses as well; a deny range wins.
   */
  outboundAllowCidrs: string[];
  outboundDenyCidrs: string[];
  /** MCP SSE sessions: open at once in all and per MCP server, and how long one may go without a client message. */
  mcpSseMaxSessions: number;
  mcpSseMaxSessionsPerServer: number;
  mcpSseIdleTimeoutMs: number;
}

export const MCP_SETTING_DEFS: SettingDef[] = [
  {
    env: 'RNACOS_MCP_HTTP_TIMEOUT_SECOND',
    describe: 'seconds an MCP tool call waits for the routed HTTP service',
    defaultText: '30',
  },
  {
    env: 'RNACOS_MCP_MAX_RESPONSE_BYTES',
    describe: 'largest answer of a routed HTTP service an MCP tool call returns, in bytes',
    defaultText: '4194304',
  },
  {
    env: 'RNACOS_MCP_MAX_CALLS_IN_FLIGHT',
    describe: 'MCP tool calls waiting on their routed service at once; one more is a tool error',
    defaultText: '64',
  },
  {
    env: 'RNACOS_OUTBOUND_ALLOW_CIDRS',
    describe:
      'address ranges MCP tool calls may reach although refused by default (loopback, link-local, metadata), comma-separated',
    defaultText: 'unset',
  },
  {
    env: 'RNACOS_OUTBOUND_DENY_CIDRS',
    describe: 'address ranges MCP tool calls may never reach, besides the default ones; wins over the allow list',
    defaultText: 'unset',
  },
  {
    env: 'RNACOS_MCP_SSE_MAX_SESSIONS',
    describe: 'MCP SSE sessions open at once on a node',
    defaultText: '1000',
  },
  {
    env: 'RNACOS_MCP_SSE_MAX_SESSIONS_PER_SERVER',
    describe: 'MCP SSE sessions open at once on a node for one MCP server',
    defaultText: '100',
  },
  {
    env: 'RNACOS_MCP_SSE_IDLE_TIMEOUT_SECOND',
    describe: 'seconds an MCP SSE session stays open without a message from its client',
    defaultText: '300',
  },
];

export function loadMcpSettings(read: SettingReader): McpSettings {
  return {
    mcpHttpTimeoutMs: read.whole('RNACOS_MCP_HTTP_TIMEOUT_SECOND', 30, 1, 3_600) * 1000,
    mcpMaxResponseBytes: read.whole('RNACOS_MCP_MAX_RESPONSE_BYTES', 4 * 1024 * 1024, 1024, 256 * 1024 * 1024),
    mcpMaxCallsInFlight: read.whole('RNACOS_MCP_MAX_CALLS_IN_FLIGHT', 64, 1, 10_000),
    outboundAllowCidrs: cidrs(read, 'RNACOS_OUTBOUND_ALLOW_CIDRS'),
    outboundDenyCidrs: cidrs(read, 'RNACOS_OUTBOUND_DENY_CIDRS'),
    mcpSseMaxSessions: read.whole('RNACOS_MCP_SSE_MAX_SESSIONS', 1000, 1, 100_000),
    mcpSseMaxSessionsPerServer: read.whole('RNACOS_MCP_SSE_MAX_SESSIONS_PER_SERVER', 100, 1, 100_000),
    mcpSseIdleTimeoutMs: read.whole('RNACOS_MCP_SSE_IDLE_TIMEOUT_SECOND', 300, 1, 86_400) * 1000,
  };
}

/** A list of CIDR ranges or addresses, each checked (the policy parses them again when it is built). */
function cidrs(read: SettingReader, name: string): string[] {
  const value = read.get(name);
  if (value === undefined) return [];
  try {
    return rangeItems(value).map((r) => r.item);
  } catch (err) {
    return read.fail(`${name}: ${(err as Error).message}`);
  }
}
