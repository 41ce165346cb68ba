import type {
  McpEndpointDto,
  McpServerHistoryPublishParam,
  McpServerHistoryQueryParam,
  McpServerParam,
  McpServerQueryParam,
  McpToolCallParam,
  McpToolCallResultDto,
  PageParam,
} from '@tsnacos/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Core } from '../../../core/core.js';
import type { McpServer } from '../../../core/mcp/mcp-model.js';
import type { Clock } from '../../../shared/clock.js';
import { invalid, NacosError } from '../../../shared/errors.js';
import { principalOf, requireNamespace } from '../console-auth.js';
import { flag, inputOf, optionalText, pageOf, requiredText, text, wholeNumber, type Input } from '../console-input.js';
import { API } from '../console-paths.js';
import { ConsoleError, fail, ok } from '../envelope.js';
import { readMcpArchive } from '../uploads/upload-parser.js';
import { archiveName, yamlZip } from './mcp-archive.js';
import { mcpServerDto, routeRuleDto, serverValueDto } from './mcp-dto.js';
import { idOf, namespaceOf, serverInputOf } from './mcp-input.js';

const BASE = `${API}/v2/mcp/server`;
const MAX_PAGE_SIZE = 1000;

function pagingOf(input: Input<PageParam>) {
  const page = pageOf({ pageNo: input.pageNo, pageSize: input.pageSize ?? 20 });
  if (page.pageSize > MAX_PAGE_SIZE) throw invalid(`pageSize may be at most ${MAX_PAGE_SIZE}`);
  return { offset: page.offset, limit: page.pageSize };
}

/** `/v2/mcp/server/*` and `/v2/mcp/endpoint`: MCP servers, their drafts, publishing and history. */
export function registerMcpServerRoutes(app: FastifyInstance, core: Core, clock: Clock, sdkPort: number): void {
  const { mcp } = core;
  const opUser = (req: FastifyRequest) => principalOf(req).username ?? '';
  /** The server, if the caller may see its namespace. */
  const serverFor = (req: FastifyRequest, id: number): McpServer => {
    const server = mcp.getServer(id);
    if (!server) throw new ConsoleError('NOT_FOUND', `no MCP server ${id}`);
    requireNamespace(req, server.namespace);
    return server;
  };
  const listFilter = (req: FastifyRequest, input: Input<McpServerQueryParam>) => {
    const namespace = namespaceOf(text(input, 'namespaceId'));
    requireNamespace(req, namespace);
    return { namespace, name: optionalText(input, 'nameFilter') };
  };

  app.get(`${BASE}/list`, async (req) => {
    const input = inputOf<McpServerQueryParam>(req);
    const page = mcp.listServers(listFilter(req, input), pagingOf(input));
    return ok({ totalCount: page.totalCount, list: page.list.map(mcpServerDto) });
  });

  app.get(`${BASE}/info`, async (req) => ok(mcpServerDto(serverFor(req, idOf(inputOf<McpServerParam>(req), 'id')))));

  app.post(`${BASE}/add`, async (req) => {
    const input = serverInputOf(inputOf<McpServerParam>(req), true);
    requireNamespace(req, input.namespace ?? '');
    return ok(await mcp.addServer(input, opUser(req)));
  });

  app.post(`${BASE}/update`, async (req) => {
    const raw = inputOf<McpServerParam>(req);
    const server = serverFor(req, idOf(raw, 'id'));
    const input = serverInputOf(raw, false);
    if (input.namespace !== undefined) requireNamespace(req, input.namespace);
    await mcp.updateServer(server.id, input, opUser(req));
    return ok(true);
  });

  app.post(`${BASE}/remove`, async (req) => {
    await mcp.removeServer(serverFor(req, idOf(inputOf<McpServerParam>(req), 'id')).id);
    return ok(true);
  });

  app.post(`${BASE}/publish`, async (req) => {
    await mcp.publish(serverFor(req, idOf(inputOf<McpServerParam>(req), 'id')).id);
    return ok(true);
  });

  app.post(`${BASE}/publish/history`, async (req) => {
    const input = inputOf<McpServerHistoryPublishParam>(req);
    const server = serverFor(req, idOf(input, 'id'));
    await mcp.publishHistory(server.id, idOf(input, 'historyValueId'));
    return ok(true);
  });

  app.get(`${BASE}/history`, async (req) => {
    const input = inputOf<McpServerHistoryQueryParam>(req);
    const server = serverFor(req, idOf(input, 'id'));
    const start = wholeNumber(input, 'startTime', 0, Number.MAX_SAFE_INTEGER);
    const end = wholeNumber(input, 'endTime', 0, Number.MAX_SAFE_INTEGER);
    if (start !== undefined && end !== undefined && start >= end) throw invalid('startTime must be before endTime');
    const page = mcp.history(server.id, { start, end }, pagingOf(input));
    return ok({ totalCount: page.totalCount, list: page.list.map(serverValueDto) });
  });

  app.post(`${BASE}/tool/call`, async (req) => {
    const input = inputOf<McpToolCallParam>(req);
    const server = serverFor(req, idOf(input, 'id'));
    const toolName = requiredText(input, 'toolName');
    const args = input.arguments ?? {};
    if (typeof args !== 'object' || args === null || Array.isArray(args)) throw invalid('arguments must be an object');
    const version = flag(input, 'draft') ? server.current : server.release;
    const tool = version?.tools.find((t) => t.toolName === toolName);
    if (!tool)
      throw new ConsoleError(
        'NOT_FOUND',
        `the ${version === server.current ? 'draft' : 'served version'} has no tool ${toolName}`,
      );
    const outcome: McpToolCallResultDto = await core.mcpTools.call(tool, args as Record<string, unknown>);
    return ok(outcome);
  });

  app.get(`${API}/v2/mcp/endpoint`, async () =>
    ok<McpEndpointDto>({
      port: sdkPort,
      streamableHttpPath: '/rnacos/mcp/{uniqueKey}/{authKey}',
      ssePath: '/rnacos/mcp/sse/{uniqueKey}/{authKey}',
    }),
  );

  app.get(`${BASE}/download`, async (req, reply: FastifyReply) => {
    const input = inputOf<McpServerQueryParam>(req);
    const servers = mcp.listServers(listFilter(req, input), { offset: 0, limit: 100_000 }).list;
    const files = servers.map((s) => ({
      name: `${s.uniqueKey}.yaml`,
      value: {
        uniqueKey: s.uniqueKey,
        name: s.name,
        description: s.description,
        authKeys: s.authKeys,
        tools: s.current.tools.map((t) => ({
          toolName: t.toolName,
          toolGroup: t.toolKey.group,
          routeRule: routeRuleDto(t.routeRule),
        })),
      },
    }));
    return reply
      .type('application/octet-stream')
      .header('Content-Disposition', `attachment; filename="${archiveName('mcserver', clock.now())}"`)
      .send(yamlZip(files, 'empty mcpservers'));
  });

  app.post(`${BASE}/import`, async (req) => {
    let namespaceField: string | undefined;
    const documents: Array<{ name: string; value: unknown }> = [];
    const errors: string[] = [];
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'namespace' && typeof part.value === 'string') namespaceField = part.value;
        continue;
      }
      const archive = await readMcpArchive(part.file);
      for (const entry of archive.entries) documents.push(entry);
      errors.push(...archive.failed.map((name) => `${name}: not valid YAML`));
    }
    const header = req.headers.namespace;
    const namespace = namespaceOf(namespaceField ?? (typeof header === 'string' ? header : undefined));
    requireNamespace(req, namespace, 401);
    if (documents.length === 0)
      throw new ConsoleError('PARAM_ERROR', 'no valid MCP servers found in the zip file', 400);
    let created = 0;
    let updated = 0;
    for (const { name, value } of documents) {
      try {
        const doc = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
        const tools = Array.isArray(doc.tools)
          ? doc.tools.map((t: Record<string, unknown> | null) => ({
              toolName: t?.toolName,
              group: t?.toolGroup,
              namespace,
              routeRule: t?.routeRule,
            }))
          : doc.tools;
        const raw = {
          uniqueKey: doc.uniqueKey,
          namespace,
          name: doc.name,
          description: doc.description,
          authKeys: doc.authKeys,
          tools,
        };
        const input = serverInputOf(raw, true);
        const existing = input.uniqueKey ? mcp.getServerByKey(input.uniqueKey) : undefined;
        if (existing) {
          requireNamespace(req, existing.namespace);
          await mcp.updateServer(existing.id, input, opUser(req));
          updated++;
        } else {
          await mcp.addServer(input, opUser(req));
          created++;
        }
      } catch (err) {
        if (!(err instanceof NacosError || err instanceof ConsoleError)) throw err;
        errors.push(`${name}: ${err.message}`);
      }
    }
    const summary = `${created} servers created, ${updated} servers updated`;
    if (errors.length === 0) return ok(summary);
    return fail('PARTIAL_SUCCESS', `${summary}, ${errors.length} errors: ${errors.slice(0, 10).join('; ')}`);
  });
}
