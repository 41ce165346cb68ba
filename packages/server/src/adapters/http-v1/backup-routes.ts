import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core/core.js';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Equal tokens, compared in constant time (digests, so the length leaks nothing either). */
function tokenMatches(given: unknown, expected: string): boolean {
  return typeof given === 'string' && timingSafeEqual(digest(given), digest(expected));
}

/**
 * r-nacos's backup endpoint, `GET /rnacos/backup?token=...` on the SDK port: the whole store as a transfer
 * file (what the console's export downloads, users included), for scripts that fetch a periodic copy.
 * Open only with `RNACOS_BACKUP_TOKEN`; the refusals carry r-nacos's texts.
 */
export function registerBackupRoutes(app: FastifyInstance, core: Core, token: string | undefined): void {
  app.get('/rnacos/backup', async (req, reply) => {
    const text = (code: number, message: string) => reply.code(code).type('text/plain; charset=utf-8').send(message);
    if (!token) return text(404, 'backup api is not open');
    if (!tokenMatches((req.query as Record<string, unknown>).token, token)) {
      return text(403, 'backup token is not matched');
    }
    let chunks: Uint8Array[];
    try {
      chunks = await core.transfer.exportFile({ users: true });
    } catch (err) {
      req.log.error({ err }, 'backup export failed');
      return text(500, 'transfer backup result error');
    }
    return reply
      .type('application/octet-stream')
      .header('Content-Disposition', `attachment; filename="rnacos_export_${Date.now()}.data"`)
      .send(Buffer.concat(chunks));
  });
}
