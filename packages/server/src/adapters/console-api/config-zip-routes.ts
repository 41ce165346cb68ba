import type {
  ConfigCloneParam,
  ConfigImportParam,
  ConfigKeyParam,
  ConfigListParam,
  ConfigTransferResult,
} from '@tsnacos/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CONFLICT_POLICIES,
  publishBatch,
  type BatchResult,
  type ConflictPolicy,
} from '../../core/config/config-batch.js';
import { canonicalTenant, type ConfigKey } from '../../core/config/config-key.js';
import type { ConfigItem } from '../../core/config/config-model.js';
import type { Core } from '../../core/core.js';
import type { Clock } from '../../shared/clock.js';
import { NacosError, invalid } from '../../shared/errors.js';
import { namespaced, type NamespaceField } from './console-namespaces.js';
import { consoleSource } from './console-source.js';
import { API } from './console-paths.js';
import { inputOf, optionalText, text, type Input } from './console-input.js';
import { configKeyOf, listFilterOf, TENANT } from './config-query.js';
import { configsToZip, zipFileName } from './config-zip.js';
import { ConsoleError, fail, ok } from './envelope.js';
import { readConfigZip } from './uploads/upload-parser.js';

/** Zip exports are downloads and imports are uploads: their failures carry an HTTP status too. */
const DENIED = 403;

function policyOf(value: string | undefined): ConflictPolicy {
  const policy = (value ?? 'OVERWRITE').trim().toUpperCase();
  if (!(CONFLICT_POLICIES as readonly string[]).includes(policy)) {
    throw invalid(`policy must be one of ${CONFLICT_POLICIES.join(', ')}, got ${value}`);
  }
  return policy as ConflictPolicy;
}

const keyParam = (key: ConfigKey): ConfigKeyParam => ({
  tenant: key.namespaceId,
  group: key.group,
  dataId: key.dataId,
});

function transferResult(result: BatchResult, ignored: string[]): ConfigTransferResult {
  return {
    succCount: result.written.length,
    skipCount: result.skipped.length,
    conflicts: result.conflicts.map(keyParam),
    ignored,
  };
}

function conflictMessage(conflicts: ConfigKey[]): string {
  const names = conflicts.slice(0, 10).map((k) => `${k.group}/${k.dataId}`);
  return `nothing imported: ${conflicts.length} config(s) already exist (${names.join(', ')}${conflicts.length > 10 ? ', ...' : ''})`;
}

/** The console judges an upload by its HTTP status, so bad input must not answer 200. */
function asUploadError<T>(work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof NacosError) throw new ConsoleError('PARAM_ERROR', err.message, 400);
    throw err;
  }
}

function keysOf(body: unknown): ConfigKey[] {
  const list = Array.isArray(body) ? body : (body as Input<ConfigCloneParam> | undefined)?.keys;
  if (!Array.isArray(list) || list.length === 0) throw new ConsoleError('PARAM_ERROR', 'keys cannot be empty', 400);
  return list.map((entry) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw invalid('each key must be an object');
    return configKeyOf(entry as Input<ConfigKeyParam>);
  });
}

/** The upload's namespace travels in the `tenant` header. */
const tenantHeader = (req: FastifyRequest) => {
  const header = req.headers.tenant;
  return canonicalTenant(typeof header === 'string' ? header : undefined);
};

const namespaceOf = (key: ConfigKey) => key.namespaceId;
const TENANT_HEADER: NamespaceField = { name: 'header tenant', read: (req) => [tenantHeader(req)] };
/** The chosen keys of a download: the body is the list, or holds it as `keys`. */
const DOWNLOADED_KEYS: NamespaceField = { name: 'keys[].tenant', read: (req) => keysOf(req.body).map(namespaceOf) };
const CLONED_KEYS: NamespaceField = {
  name: 'keys[].tenant',
  read: (req) => keysOf(inputOf<ConfigCloneParam>(req).keys).map(namespaceOf),
};
const CLONE_TARGET: NamespaceField = {
  name: 'targetTenant',
  read: (req) => [canonicalTenant(text(inputOf<ConfigCloneParam>(req), 'targetTenant'))],
};

/** Config zip download (a filter or chosen keys), zip upload, and clone into another namespace. */
export function registerConfigZipRoutes(app: FastifyInstance, core: Core, clock: Clock): void {
  const { configs } = core;
  const sendZip = (reply: FastifyReply, items: ConfigItem[]) => {
    const now = clock.now();
    return reply
      .type('application/octet-stream')
      .header('Content-Disposition', `attachment; filename="${zipFileName(now)}"`)
      .send(configsToZip(items, now));
  };

  const downloadByFilter = async (req: FastifyRequest, reply: FastifyReply) => {
    const filter = listFilterOf(inputOf<ConfigListParam>(req));
    return sendZip(reply, configs.list(filter));
  };
  const downloadByKeys = async (req: FastifyRequest, reply: FastifyReply) => {
    const keys = keysOf(req.body);
    return sendZip(
      reply,
      keys.map((key) => configs.get(key)).filter((item): item is ConfigItem => item !== undefined),
    );
  };

  const upload = async (req: FastifyRequest, reply: FastifyReply) => {
    const namespaceId = tenantHeader(req);
    let policyText =
      optionalText(req.query as Input<ConfigImportParam>, 'policy') ?? (req.headers.policy as string | undefined);
    const items = [];
    const ignored: string[] = [];
    let files = 0;
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'policy' && typeof part.value === 'string') policyText ??= part.value;
        continue;
      }
      files++;
      const contents = await readConfigZip(part.file, namespaceId, configs.maxContentBytes);
      for (const item of contents.items) items.push(item);
      ignored.push(...contents.ignored);
    }
    if (files === 0) throw new ConsoleError('PARAM_ERROR', 'no file uploaded (multipart field "file")', 400);
    const policy = asUploadError(() => policyOf(policyText));
    const result = await publishBatch(configs, items, policy, consoleSource(req));
    const body = transferResult(result, ignored);
    if (policy === 'ABORT' && result.conflicts.length > 0) {
      return reply.code(409).send({ ...fail('CONFIG_CONFLICT', conflictMessage(result.conflicts)), data: body });
    }
    return ok(body);
  };

  const clone = async (req: FastifyRequest) => {
    const input = inputOf<ConfigCloneParam>(req);
    const target = canonicalTenant(text(input, 'targetTenant'));
    const keys = keysOf(input.keys);
    const items = [];
    const ignored: string[] = [];
    for (const key of keys) {
      const item = configs.get(key);
      if (!item) ignored.push(`${key.group}/${key.dataId}`);
      else
        items.push({
          key: { ...key, namespaceId: target },
          content: item.content,
          type: item.type,
          desc: item.desc,
          encryptedDataKey: item.encryptedDataKey,
        });
    }
    const policy = policyOf(text(input, 'policy'));
    const result = await publishBatch(configs, items, policy, consoleSource(req));
    if (policy === 'ABORT' && result.conflicts.length > 0) {
      return { ...fail('CONFIG_CONFLICT', conflictMessage(result.conflicts)), data: transferResult(result, ignored) };
    }
    return ok(transferResult(result, ignored));
  };

  for (const base of [`${API}/config`, `${API}/v2/config`]) {
    app.get(`${base}/download`, namespaced({ fields: [TENANT], status: DENIED }), downloadByFilter);
    app.post(`${base}/download`, namespaced({ fields: [DOWNLOADED_KEYS], status: DENIED }), downloadByKeys);
    app.post(`${base}/import`, namespaced({ fields: [TENANT_HEADER], status: 401 }), upload);
  }
  app.post(`${API}/v2/config/clone`, namespaced(CLONE_TARGET, CLONED_KEYS), clone);
}
