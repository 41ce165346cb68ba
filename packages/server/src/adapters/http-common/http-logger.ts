import type { FastifyBaseLogger } from 'fastify';
import type { Logger } from '../../shared/logger.js';

/**
 * The logger of one listener. Fastify logs every request at info; those lines are noise for a registry
 * serving heartbeats, so a listener logs from warn upward (or less, if the process is quieter).
 */
export function httpLogger(logger: Logger, listener: string): FastifyBaseLogger {
  const quiet = logger.levelVal >= 40 ? logger.level : 'warn';
  return logger.child({ listener }, { level: quiet });
}
