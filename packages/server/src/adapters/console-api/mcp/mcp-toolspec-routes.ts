import type { ToolSpecParam, ToolSpecQueryParam } from '@tsnacos/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Core } from '../../../core/core.js';
import type { ToolSpecInput } from '../../../core/mcp/tool-spec-catalog.js';
import type { Clock } from '../../../shared/clock.js';
import { invalid, NacosError } from '../../../shared/errors.js';
import { namespaceFilter, principalOf } from '../console-auth.js';
import { inputOf, optionalText, pageOf, text, type Input } from '../console-input.js';
import { namespaced, requireReferenced } from '../console-namespaces.js';
import { API } from '../console-paths.js';
import { ConsoleError, ok } from '../envelope.js';
import { readMcpArchive } from '../uploads/upload-parser.js';
import { archiveName, yamlZip } from './mcp-archive.js';
import { toolSpecDto } from './mcp-dto.js';
import { namespaceOf, specKeyOf, toolFunctionOf } from './mcp-input.js';
import { LISTED, SAVED_SPEC, SAVED_SPECS, SPEC_KEY, UPLOAD_NAMESPACE } from './mcp-namespace-fields.js';

const BASE = `${API}/v2/mcp/toolspec`;
/** r-nacos's default page size. */
const PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 1000;

function pagingOf(input: Input<ToolSpecQueryParam>) {
  const page = pageOf({ pageNo: input.pageNo, pageSize: input.pageSize ?? PAGE_SIZE });
  if (page.pageSize > MAX_PAGE_SIZE) throw invalid(`pageSize may be at most ${MAX_PAGE_SIZE}`);
  return { offset: page.offset, limit: page.pageSize };
}

function filterOf(input: Input<ToolSpecQueryParam>) {
  const namespace = namespaceOf(text(input, 'namespaceId'));
  return { namespace, group: optionalText(input, 'groupFilter'), toolName: optionalText(input, 'toolNameFilter') };
}

function specInputOf(value: unknown, where = ''): ToolSpecInput {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid(`${where}each tool spec must be an object`);
  const input = value as Input<ToolSpecParam>;
  try {
    const key = specKeyOf(input);
    return { key, function: toolFunctionOf(input, key.toolName) };
  } catch (err) {
    if (where && err instanceof NacosError) throw invalid(`${where}${err.message}`);
    throw err;
  }
}

/** An import is an upload: bad input answers HTTP 400 as well. */
const asUpload = (err: unknown) => {
  if (err instanceof NacosError) throw new ConsoleError('PARAM_ERROR', err.message, 400);
  throw err;
};

/** `/v2/mcp/toolspec/*`: list, info, add/update (a new version), batch update, remove, download, import. */
export function registerToolSpecRoutes(app: FastifyInstance, core: Core, clock: Clock): void {
  const { mcp } = core;
  const opUser = (req: FastifyRequest) => principalOf(req).username ?? '';

  app.get(`${BASE}/list`, namespaced(LISTED), async (req) => {
    const input = inputOf<ToolSpecQueryParam>(req);
    const page = mcp.listSpecs(filterOf(input), pagingOf(input));
    return ok({ totalCount: page.totalCount, list: page.list.map(toolSpecDto) });
  });

  app.get(`${BASE}/info`, namespaced(SPEC_KEY), async (req) => {
    const key = specKeyOf(inputOf<ToolSpecParam>(req));
    const spec = mcp.getSpec(key);
    if (!spec) throw new ConsoleError('NOT_FOUND', `no tool spec ${key.namespace}/${key.group}/${key.toolName}`);
    return ok(toolSpecDto(spec));
  });

  const save = async (req: FastifyRequest) => {
    await mcp.saveSpecs([specInputOf(req.body ?? {})], opUser(req));
    return ok(true);
  };
  app.post(`${BASE}/add`, namespaced(SAVED_SPEC), save);
  app.post(`${BASE}/update`, namespaced(SAVED_SPEC), save);

  app.post(`${BASE}/batch_update`, namespaced(SAVED_SPECS), async (req) => {
    if (!Array.isArray(req.body) || req.body.length === 0)
      throw invalid('the body must be a non-empty list of tool specs');
    if (req.body.length > 10_000) throw invalid('at most 10000 tool specs at once');
    const inputs = req.body.map((value: unknown, i) => specInputOf(value, `item ${i + 1}: `));
    await mcp.saveSpecs(inputs, opUser(req));
    return ok(true);
  });

  app.post(`${BASE}/remove`, namespaced(SPEC_KEY), async (req) => {
    const key = specKeyOf(inputOf<ToolSpecParam>(req));
    // the servers using it are named only where the caller may see them
    await mcp.removeSpec(key, (server) => namespaceFilter(req)(server.namespace));
    return ok(true);
  });

  app.get(`${BASE}/download`, namespaced(LISTED), async (req, reply: FastifyReply) => {
    const input = inputOf<ToolSpecQueryParam>(req);
    const specs = mcp.listSpecs(filterOf(input), { offset: 0, limit: 100_000 }).list.map(toolSpecDto);
    const files = specs.map((s) => ({
      name: `${s.group}_${s.toolName}.yaml`,
      value: { group: s.group, name: s.toolName, description: s.description, inputSchema: s.function.inputSchema },
    }));
    const now = clock.now();
    return reply
      .type('application/octet-stream')
      .header('Content-Disposition', `attachment; filename="${archiveName('toolspec', now)}"`)
      .send(yamlZip(files, 'empty toolspec'));
  });

  app.post(`${BASE}/import`, namespaced({ fields: [UPLOAD_NAMESPACE], status: 401 }), async (req) => {
    let namespaceField: string | undefined;
    const documents: Array<{ name: string; value: unknown }> = [];
    const failed: string[] = [];
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'namespace' && typeof part.value === 'string') namespaceField = part.value;
        continue;
      }
      const archive = await readMcpArchive(part.file);
      failed.push(...archive.failed);
      for (const entry of archive.entries) documents.push(entry);
    }
    const header = req.headers.namespace;
    const namespace = namespaceOf(namespaceField ?? (typeof header === 'string' ? header : undefined));
    requireReferenced(req, UPLOAD_NAMESPACE.name, [namespace]);
    const specs = documents.map(({ name, value }) => {
      const doc = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
      const fn = { name: doc.name, description: doc.description, inputSchema: doc.inputSchema };
      try {
        return specInputOf({ namespace, group: doc.group, toolName: doc.name, function: fn }, `${name}: `);
      } catch (err) {
        return asUpload(err);
      }
    });
    if (specs.length === 0) {
      const unreadable = failed.length ? ` (unreadable: ${failed.join(', ')})` : '';
      throw new ConsoleError('PARAM_ERROR', `no valid tool specs found in the zip file${unreadable}`, 400);
    }
    await mcp.saveSpecs(specs, opUser(req));
    return ok(true);
  });
}
