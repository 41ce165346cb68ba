import type { LazyOutbound } from '../outbound/lazy-outbound.js';
import type { NamingService } from '../naming/naming-service.js';
import type { ServerTool } from './mcp-model.js';
import type { ToolCallOutcome, ToolInvoker } from './tool-invoker.js';

/** Makes MCP tool calls (the MCP endpoints and the console's "try a tool"). */
export interface ToolCalls {
  call(tool: ServerTool, args: Record<string, unknown>): Promise<ToolCallOutcome>;
}

export interface ToolCallSettings {
  timeoutMs: number;
  maxResponseBytes: number;
  maxInFlight: number;
}

/**
 * The tool invoker, built with the first tool call on the server's outbound client: a server whose MCP
 * tools are never called never loads them.
 */
export class LazyToolCalls implements ToolCalls {
  private invoker: Promise<ToolInvoker> | undefined;

  constructor(
    private readonly naming: NamingService,
    private readonly outbound: LazyOutbound,
    private readonly settings: ToolCallSettings,
  ) {}

  async call(tool: ServerTool, args: Record<string, unknown>): Promise<ToolCallOutcome> {
    this.invoker ??= this.build();
    return (await this.invoker).call(tool, args);
  }

  private async build(): Promise<ToolInvoker> {
    const [{ ToolInvoker }, client] = await Promise.all([import('./tool-invoker.js'), this.outbound.client()]);
    return new ToolInvoker(this.naming, { client, ...this.settings });
  }
}
