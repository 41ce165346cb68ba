import type { FastifyRequest } from 'fastify';
import type { ChangeSource } from '../../core/config/config-model.js';
import { clientIp } from '../http-common/params.js';
import { principalOf } from './console-auth.js';

/** Who makes a console write: recorded in config history and in the audit trail (door `console`). */
export function consoleSource(req: FastifyRequest): ChangeSource {
  const username = principalOf(req).username;
  return { srcIp: clientIp(req), srcUser: username ?? '', door: 'console', actor: username };
}
