import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpServer, ServerTool } from '../../core/mcp/mcp-model.js';
import type { ToolCalls } from '../../core/mcp/lazy-tool-calls.js';
import { VERSION } from '../../shared/version.js';

/** The published tools of a server as MCP clients list them. */
export function listedTools(server: McpServer | undefined): Tool[] {
  return (server?.release?.tools ?? []).map((t) => ({
    name: t.toolName,
    description: t.spec.description,
    inputSchema: { ...t.spec.inputSchema, type: 'object' },
  }));
}

/** A published tool by its MCP name (the spec's tool name, or the name its definition gives). */
export function publishedTool(server: McpServer | undefined, name: string): ServerTool | undefined {
  const tools = server?.release?.tools ?? [];
  return tools.find((t) => t.toolName === name) ?? tools.find((t) => t.spec.name === name);
}

/**
 * An MCP protocol server (the SDK's) for one MCP server of the store. `current` reads the server at each
 * request, so a publish is served to sessions already open.
 */
export function createProtocolServer(current: () => McpServer | undefined, invoker: ToolCalls): Server {
  const server = new Server(
    { name: 'tsnacos-mcp-server', version: VERSION },
    { capabilities: { tools: { listChanged: false } } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listedTools(current()) }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = publishedTool(current(), request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool: ${request.params.name}`);
    const outcome = await invoker.call(tool, request.params.arguments ?? {});
    return { content: [{ type: 'text', text: outcome.text }], isError: outcome.isError };
  });
  return server;
}
