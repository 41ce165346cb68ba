import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Core } from '../../core/core.js';
import type { Clock } from '../../shared/clock.js';
import { OLD_CONSOLE_PRINCIPAL, requireConsoleAdmin } from './console-auth.js';
import { API } from './console-paths.js';
import { namespaced, NO_NAMESPACES } from './console-namespaces.js';

/** These routes name no namespace. */
const NONE = namespaced(NO_NAMESPACES);

/** The store file holds every password hash: admins with a session only, never the no-login console. */
async function requireSessionAdmin(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (req.consolePrincipal === OLD_CONSOLE_PRINCIPAL) {
    await reply.code(403).type('text/plain; charset=utf-8').send('a backup needs an admin logged in');
    return;
  }
  await requireConsoleAdmin(req, reply);
}

/** `GET /rnacos/api/console/backup/download`: a consistent copy of the running store, as a file to save. */
export function registerBackupRoutes(app: FastifyInstance, core: Core, clock: Clock): void {
  app.get(`${API}/backup/download`, { preHandler: requireSessionAdmin, ...NONE }, async (req, reply) => {
    const text = (code: number, message: string) => reply.code(code).type('text/plain; charset=utf-8').send(message);
    if (!core.backup) {
      return text(409, 'a cluster keeps its data in PostgreSQL: back it up with pg_dump (docs/operations.md "Backup and restore")');
    }
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tsnacos-backup-'));
    try {
      const file = path.join(dir, 'tsnacos.db');
      await core.backup.backupTo(file);
      const bytes = await readFile(file);
      return reply
        .type('application/vnd.sqlite3')
        .header('Content-Disposition', `attachment; filename="tsnacos_backup_${clock.now()}.db"`)
        .send(bytes);
    } catch (err) {
      req.log.error({ err }, 'backup failed');
      return text(500, 'backup failed');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}
