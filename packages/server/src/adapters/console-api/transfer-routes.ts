import type { TransferImportResult } from '@tsnacos/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Core } from '../../core/core.js';
import type { ImportOptions } from '../../core/transfer/import-plan.js';
import type { DecodedTransfer } from '../../core/transfer/transfer-codec.js';
import type { Clock } from '../../shared/clock.js';
import { NacosError } from '../../shared/errors.js';
import { OLD_CONSOLE_PRINCIPAL, principalOf, requireConsoleAdmin } from './console-auth.js';
import { API } from './console-paths.js';
import { ConsoleError, ok } from './envelope.js';
import { namespaced, NO_NAMESPACES } from './console-namespaces.js';

/** These routes move the whole store, every namespace: only admins and the no-login console use them. */
const NONE = namespaced(NO_NAMESPACES);
import { readTransferUpload } from './uploads/upload-parser.js';

/** `import-config`, `import-user`, `import-cache`: "1" is yes, anything else no, absent yes (as r-nacos). */
function flag(req: FastifyRequest, name: string): boolean {
  const value = req.headers[name];
  if (value === undefined) return true;
  return (Array.isArray(value) ? value[0] : value).trim() === '1';
}

/** Reads the uploaded file (multipart field `file`) and validates all of it before anything is written. */
async function decodeUpload(req: FastifyRequest): Promise<DecodedTransfer> {
  for await (const part of req.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file') {
      part.file.resume();
      continue;
    }
    return readTransferUpload(part.file);
  }
  throw new ConsoleError('PARAM_ERROR', 'no file uploaded (multipart field "file")', 400);
}

/** The no-login console moves configs and services, never users: it has no session to vouch for them. */
const withoutSession = (req: FastifyRequest) => principalOf(req) === OLD_CONSOLE_PRINCIPAL;

/** Admins and the no-login console (without users) may move transfer files. */
async function requireTransferRights(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (req.consolePrincipal !== OLD_CONSOLE_PRINCIPAL) await requireConsoleAdmin(req, reply);
}

/** Whole-store transfer: download an export file, upload one to import. */
export function registerTransferRoutes(app: FastifyInstance, core: Core, clock: Clock): void {
  const exportFile = async (req: FastifyRequest, reply: FastifyReply) => {
    let chunks: Uint8Array[];
    try {
      chunks = await core.transfer.exportFile({ users: !withoutSession(req) });
    } catch (err) {
      req.log.error({ err }, 'transfer export failed');
      return reply.code(500).type('text/plain; charset=utf-8').send('transfer backup result error');
    }
    return reply
      .type('application/octet-stream')
      .header('Content-Disposition', `attachment; filename="rnacos_export_${clock.now()}.data"`)
      .send(Buffer.concat(chunks));
  };

  const importFile = async (req: FastifyRequest) => {
    const options: ImportOptions = {
      configs: flag(req, 'import-config'),
      users: flag(req, 'import-user') && !withoutSession(req),
      cache: flag(req, 'import-cache'),
    };
    const decoded = await decodeUpload(req);
    try {
      const report = await core.transfer.importDecoded(decoded, options);
      const result: TransferImportResult = report;
      return ok(result);
    } catch (err) {
      // The console judges an upload by its status: a refused import must not answer 200.
      if (err instanceof NacosError && err.kind === 'conflict') throw new ConsoleError('CONFLICT', err.message, 409);
      throw err;
    }
  };

  for (const base of [`${API}/transfer`, `${API}/v2/transfer`]) {
    app.get(`${base}/export`, { preHandler: requireTransferRights, ...NONE }, exportFile);
    app.post(`${base}/import`, { preHandler: requireTransferRights, ...NONE }, importFile);
  }
}
