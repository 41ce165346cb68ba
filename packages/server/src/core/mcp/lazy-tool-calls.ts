import type { NamingService } from '../naming/naming-service.js';
import type { OutboundClient } from '../outbound/outbound-client.js';
import type { OwnPort } from '../outbound/outbound-policy.js';
import type { ServerTool } from './mcp-model.js';
import type { ToolCallOutcome, ToolInvoker } from './tool-invoker.js';

/** Makes MCP tool calls (the MCP endpoints and the console's "try a tool"). */
export interface ToolCalls {
  call(tool: ServerTool, args: Record<string, unknown>): Promise<ToolCallOutcome>;
}

export interface ToolCallSettings {
  /** RNACOS_OUTBOUND_ALLOW_CIDRS and RNACOS_OUTBOUND_DENY_CIDRS. */
  allow: string[];
  deny: string[];
  timeoutMs: number;
  maxResponseBytes: number;
  maxInFlight: number;
}

interface Built {
  invoker: ToolInvoker;
  client: OutboundClient;
}

/**
 * The tool invoker, its outbound policy and HTTP client, built with the first tool call: a server whose
 * MCP tools are never called never loads them. This server's ports are kept until then.
 */
export class LazyToolCalls implements ToolCalls {
  private readonly ownPorts = new Map<OwnPort, number>();
  private built: Promise<Built> | undefined;
  private client: OutboundClient | undefined;
  private closed = false;

  constructor(
    private readonly naming: NamingService,
    private readonly settings: ToolCallSettings,
  ) {}

  /** Tool calls never reach this server's own ports on this host. */
  setOwnPort(kind: OwnPort, port: number): void {
    this.ownPorts.set(kind, port);
    this.client?.policy.setOwnPort(kind, port);
  }

  async call(tool: ServerTool, args: Record<string, unknown>): Promise<ToolCallOutcome> {
    this.built ??= this.build();
    return (await this.built).invoker.call(tool, args);
  }

  async close(): Promise<void> {
    this.closed = true;
    await (await this.built)?.client.close();
  }

  private async build(): Promise<Built> {
    const [{ OutboundClient }, { OutboundPolicy }, { ToolInvoker }] = await Promise.all([
      import('../outbound/outbound-client.js'),
      import('../outbound/outbound-policy.js'),
      import('./tool-invoker.js'),
    ]);
    const { allow, deny, timeoutMs, maxResponseBytes, maxInFlight } = this.settings;
    const client = new OutboundClient(new OutboundPolicy({ allow, deny }));
    for (const [kind, port] of this.ownPorts) client.policy.setOwnPort(kind, port);
    // built after the server began stopping: calls fail as they would on a closed client
    if (this.closed) await client.close();
    this.client = client;
    return { client, invoker: new ToolInvoker(this.naming, { client, timeoutMs, maxResponseBytes, maxInFlight }) };
  }
}
