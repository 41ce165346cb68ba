import type { ServiceKey } from '../../core/naming/naming-model.js';
import type { NamingService } from '../../core/naming/naming-service.js';
import { withClusterCheck, type ClusterCheck } from '../../core/naming/persistent-check-spec.js';
import { invalid, notFound } from '../../shared/errors.js';
import { optional, type Params } from '../http-common/params.js';

const MAX_CHECKER_CHARS = 4096;
const CLUSTER_NAME = /^[0-9A-Za-z_-]{1,64}$/;

/**
 * nacos's "update cluster" (`PUT /nacos/v1/ns/cluster`, `/nacos/v3/admin/ns/cluster`): the cluster's health
 * checker, check port and whether the instance's own port is checked, kept in its service's metadata where
 * the probes of persistent instances read them. The cluster `metadata` parameter is accepted and not kept.
 */
export async function updateClusterCheck(naming: NamingService, key: ServiceKey, params: Params): Promise<void> {
  const clusterName = optional(params, 'clusterName') ?? '';
  if (!CLUSTER_NAME.test(clusterName)) throw invalid('clusterName is required (letters, digits, _ and -)');
  const checkPort = Number(optional(params, 'checkPort'));
  if (!Number.isInteger(checkPort) || checkPort < 1 || checkPort > 65_535) {
    throw invalid('checkPort must be a port number (1-65535)');
  }
  const useInstancePort = booleanOf(params, 'useInstancePort4Check');
  const service = naming.getService(key);
  if (!service) throw notFound(`service ${key.groupName}@@${key.serviceName} not found`);
  const checker = healthCheckerOf(optional(params, 'healthChecker'));
  const metadata = withClusterCheck(
    service.metadata,
    clusterName,
    Object.assign(checker, { checkPort, useInstancePort }),
  );
  await naming.updateService(key, { metadata });
}

function booleanOf(params: Params, name: string): boolean {
  const value = optional(params, name)?.toLowerCase();
  if (value !== 'true' && value !== 'false') throw invalid(`${name} must be true or false`);
  return value === 'true';
}

/** nacos's `healthChecker` JSON: `{"type":"TCP"}`, `{"type":"NONE"}` or an HTTP one with path, code, headers. */
function healthCheckerOf(text: string | undefined): Omit<ClusterCheck, 'headers' | 'checkPort' | 'useInstancePort'> & {
  headers: string;
} {
  if (!text) throw invalid('healthChecker is required (JSON, e.g. {"type":"TCP"})');
  if (text.length > MAX_CHECKER_CHARS) throw invalid(`healthChecker is longer than ${MAX_CHECKER_CHARS} characters`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw invalid('healthChecker is not JSON');
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalid('healthChecker must be an object');
  const fields = raw as Record<string, unknown>;
  const type = typeof fields.type === 'string' ? fields.type.toUpperCase() : '';
  if (type !== 'TCP' && type !== 'HTTP' && type !== 'NONE') {
    throw invalid(`healthChecker type must be TCP, HTTP or NONE, got ${JSON.stringify(fields.type) ?? 'none'}`);
  }
  const path = typeof fields.path === 'string' ? fields.path.trim() : '';
  const code = fields.expectedResponseCode ?? 200;
  const expectedCode = Number(code);
  if (!Number.isInteger(expectedCode) || expectedCode < 100 || expectedCode > 599) {
    throw invalid('healthChecker expectedResponseCode must be an HTTP status (100-599)');
  }
  const headers = typeof fields.headers === 'string' ? fields.headers.trim() : '';
  if (/[\r\n\0]/.test(path + headers)) throw invalid('healthChecker path and headers must be one line');
  return {
    type,
    path: path.startsWith('/') ? path : `/${path}`,
    expectedCode,
    headers,
  };
}
