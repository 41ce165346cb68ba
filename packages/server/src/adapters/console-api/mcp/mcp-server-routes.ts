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
import { namespacesNamedBy, type McpServer } from '../../../core/mcp/mcp-model.js';
import { keyTaken, type ServerInput } from '../../../core/mcp/mcp-service.js';
import type { Clock } from '../../../shared/clock.js';
import { invalid, NacosError } from '../../../shared/errors.js';
import { principalOf } from '../console-auth.js';
import { flag, inputOf, optionalText, pageOf, requiredText, text, wholeNumber, type Input } from '../console-input.js';
import { API } from '../console-paths.js';
import { mayReference, namespaced, NO_NAMESPACES, requireReferenced } from '../console-namespaces.js';
import { ConsoleError, fail, ok } from '../envelope.js';
import { readMcpArchive } from '../uploads/upload-parser.js';
import { archiveName, serverDocument, yamlZip } from './mcp-archive.js';
import { mcpServerDto, routeRuleDto, serverValueDto } from './mcp-dto.js';
import { idOf, namespaceOf, serverInputOf } from './mcp-input.js';
import {
  LISTED,
  SERVER_ID,
  seesSecrets,
  serverEditFields,
  serverEditOf,
  UPLOAD_NAMESPACE,
} from './mcp-namespace-fields.js';

const BASE = `${API}/v2/mcp/server`;
const MAX_PAGE_SIZE = 1000;

/** Namespaces the version a request serves or calls reaches, read by the handler from the stored server. */
const DRAFT_TOOLS = { name: "id: the draft's tools" };
const KEPT_TOOLS = { name: 'historyValueId: its tools' };
const CALLED_TOOL = { name: 'toolName: its spec and service' };
/** Each imported file's routes, and a server already holding a file's key (answered as a taken key). */
const FILE_ROUTES = { name: 'file: tools[].routeRule.serviceNamespace' };
const FILE_KEY = { name: 'file: uniqueKey of a stored server' };

function pagingOf(input: Input<PageParam>) {
  const page = pageOf({ pageNo: input.pageNo, pageSize: input.pageSize ?? 20 });
  if (page.pageSize > MAX_PAGE_SIZE) throw invalid(`pageSize may be at most ${MAX_PAGE_SIZE}`);
  return { offset: page.offset, limit: page.pageSize };
}

/** `/v2/mcp/server/*` and `/v2/mcp/endpoint`: MCP servers, their drafts, publishing and history. */
export function registerMcpServerRoutes(app: FastifyInstance, core: Core, clock: Clock, sdkPort: number): void {
  const { mcp } = core;
  // the roles decide whether the edit may route tools to absolute URLs
  const opUser = (req: FastifyRequest) => ({ user: principalOf(req).username ?? '', roles: principalOf(req).roles });
  /** A server in a namespace the caller may not see is answered as missing: ids are not probed that way. */
  const visible = (req: FastifyRequest, server: McpServer | undefined, id: number): McpServer => {
    if (!server || !mayReference(req, SERVER_ID.name, server.namespace)) {
      throw new ConsoleError('NOT_FOUND', `no MCP server ${id}`);
    }
    return server;
  };
  const serverFor = (req: FastifyRequest, id: number): McpServer => visible(req, mcp.getServer(id), id);
  const listFilter = (input: Input<McpServerQueryParam>) => ({
    namespace: namespaceOf(text(input, 'namespaceId')),
    name: optionalText(input, 'nameFilter'),
  });
  const withId = (...more: Array<{ name: string }>) => namespaced(SERVER_ID, ...more);
  const withUpload = () => namespaced({ fields: [UPLOAD_NAMESPACE, FILE_ROUTES, FILE_KEY], status: 401 });

  app.get(`${BASE}/list`, namespaced(LISTED), async (req) => {
    const input = inputOf<McpServerQueryParam>(req);
    const page = mcp.listServers(listFilter(input), pagingOf(input));
    const secrets = seesSecrets(req);
    return ok({ totalCount: page.totalCount, list: page.list.map((s) => mcpServerDto(s, secrets)) });
  });

  app.get(`${BASE}/info`, withId(), async (req) => {
    const server = serverFor(req, idOf(inputOf<McpServerParam>(req), 'id'));
    return ok(mcpServerDto(server, seesSecrets(req)));
  });

  app.post(`${BASE}/add`, namespaced({ fields: serverEditFields(true) }), async (req) =>
    ok(await mcp.addServer(serverEditOf(req, true), opUser(req))),
  );

  app.post(`${BASE}/update`, withId(...serverEditFields(false)), async (req) => {
    const id = serverFor(req, idOf(inputOf<McpServerParam>(req), 'id')).id;
    // judged again on the stored server the edit applies to
    await mcp.updateServer(id, serverEditOf(req, false), opUser(req), (stored) => visible(req, stored, id));
    return ok(true);
  });

  app.post(`${BASE}/remove`, withId(), async (req) => {
    await mcp.removeServer(serverFor(req, idOf(inputOf<McpServerParam>(req), 'id')).id);
    return ok(true);
  });

  app.post(`${BASE}/publish`, withId(DRAFT_TOOLS), async (req) => {
    const id = serverFor(req, idOf(inputOf<McpServerParam>(req), 'id')).id;
    await mcp.publish(id, (stored) => {
      requireReferenced(req, DRAFT_TOOLS.name, namespacesNamedBy(visible(req, stored, id).current.tools));
    });
    return ok(true);
  });

  app.post(`${BASE}/publish/history`, withId(KEPT_TOOLS), async (req) => {
    const input = inputOf<McpServerHistoryPublishParam>(req);
    const id = serverFor(req, idOf(input, 'id')).id;
    await mcp.publishHistory(id, idOf(input, 'historyValueId'), ([stored, version]) => {
      visible(req, stored, id);
      requireReferenced(req, KEPT_TOOLS.name, namespacesNamedBy(version.tools));
    });
    return ok(true);
  });

  app.get(`${BASE}/history`, withId(), async (req) => {
    const input = inputOf<McpServerHistoryQueryParam>(req);
    const server = serverFor(req, idOf(input, 'id'));
    const start = wholeNumber(input, 'startTime', 0, Number.MAX_SAFE_INTEGER);
    const end = wholeNumber(input, 'endTime', 0, Number.MAX_SAFE_INTEGER);
    if (start !== undefined && end !== undefined && start >= end) throw invalid('startTime must be before endTime');
    const page = mcp.history(server.id, { start, end }, pagingOf(input));
    const secrets = seesSecrets(req);
    return ok({ totalCount: page.totalCount, list: page.list.map((v) => serverValueDto(v, secrets)) });
  });

  app.post(`${BASE}/tool/call`, withId(CALLED_TOOL), async (req) => {
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
    requireReferenced(req, CALLED_TOOL.name, namespacesNamedBy([tool]));
    const outcome: McpToolCallResultDto = await core.mcpTools.call(tool, args as Record<string, unknown>);
    return ok(outcome);
  });

  app.get(`${API}/v2/mcp/endpoint`, namespaced(NO_NAMESPACES), async () =>
    ok<McpEndpointDto>({
      port: sdkPort,
      streamableHttpPath: '/rnacos/mcp/{uniqueKey}/{authKey}',
      ssePath: '/rnacos/mcp/sse/{uniqueKey}/{authKey}',
    }),
  );

  app.get(`${BASE}/download`, namespaced(LISTED), async (req, reply: FastifyReply) => {
    const input = inputOf<McpServerQueryParam>(req);
    const servers = mcp.listServers(listFilter(input), { offset: 0, limit: 100_000 }).list;
    const secrets = seesSecrets(req);
    const files = servers.map((s) => ({
      name: `${s.uniqueKey}.yaml`,
      value: {
        uniqueKey: s.uniqueKey,
        name: s.name,
        description: s.description,
        // without the keys the file imports only where keys are given anew
        ...(secrets ? { authKeys: s.authKeys } : {}),
        tools: s.current.tools.map((t) => ({
          toolName: t.toolName,
          toolGroup: t.toolKey.group,
          routeRule: routeRuleDto(t.routeRule, secrets),
        })),
      },
    }));
    return reply
      .type('application/octet-stream')
      .header('Content-Disposition', `attachment; filename="${archiveName('mcserver', clock.now())}"`)
      .send(yamlZip(files, 'empty mcpservers'));
  });

  app.post(`${BASE}/import`, withUpload(), async (req) => {
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
    requireReferenced(req, UPLOAD_NAMESPACE.name, [namespace]);
    if (documents.length === 0)
      throw new ConsoleError('PARAM_ERROR', 'no valid MCP servers found in the zip file', 400);
    const inputs: Array<{ name: string; input: ServerInput }> = [];
    for (const { name, value } of documents) {
      try {
        inputs.push({ name, input: serverInputOf(serverDocument(value, namespace), true) });
      } catch (err) {
        if (!(err instanceof NacosError)) throw err;
        errors.push(`${name}: ${err.message}`);
      }
    }
    // a file routing into a namespace the caller may not touch refuses the whole upload, before any write
    const routed = inputs.flatMap(({ input }) => (input.tools ?? []).map((t) => t.routeRule.serviceNamespace));
    requireReferenced(req, FILE_ROUTES.name, routed.filter(Boolean));
    // a key held where the caller may not look is only "taken", as an add would answer
    const ownKey = (server: McpServer) => {
      if (!mayReference(req, FILE_KEY.name, server.namespace)) throw keyTaken(server.uniqueKey);
    };
    let created = 0;
    let updated = 0;
    for (const { name, input } of inputs) {
      try {
        const existing = input.uniqueKey ? mcp.getServerByKey(input.uniqueKey) : undefined;
        if (existing) {
          ownKey(existing);
          await mcp.updateServer(existing.id, input, opUser(req), ownKey);
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
