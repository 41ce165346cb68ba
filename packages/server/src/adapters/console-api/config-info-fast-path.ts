import { parseCookie } from 'cookie';
import type { AuthService } from '../../core/auth/auth-service.js';
import { namespacePermitted } from '../../core/auth/permissions.js';
import { parseConfigKey } from '../../core/config/config-key.js';
import type { ConfigService } from '../../core/config/config-service.js';
import { plainQueryParams, sendFast, type FastPath } from '../http-common/fast-path.js';
import { configInfoOf } from './config-query.js';
import { consoleToken } from './console-auth.js';
import { API, pathAllowed } from './console-paths.js';
import { ok } from './envelope.js';

const CONFIG_INFO = `${API}/v2/config/info`;
/** What fastify sends with an object it serialises. */
const JSON_TYPE = 'application/json; charset=utf-8';

export interface ConfigInfoFastPathDeps {
  configs: ConfigService;
  auth: AuthService;
}

/**
 * The config editor reads a config with each open; through fastify (routing, four hooks, the reply's stages)
 * that read cost nearly twice the SDK port's config get. This answers the plain read
 * (`GET .../v2/config/info?dataId=&group=&tenant=`, no body) from the node:http request when it would
 * succeed: a live session whose roles open the path and whose namespaces hold the very key read, and a config
 * there. Every other request, refusals and missing configs included, goes to fastify, which answers as it
 * always did.
 */
export function createConfigInfoFastPath(deps: ConfigInfoFastPathDeps): FastPath {
  return (req, res) => {
    const params = plainQueryParams(req, 'GET', CONFIG_INFO);
    if (!params) return false;
    let key;
    try {
      key = parseConfigKey({ dataId: params.dataId, group: params.group, tenant: params.tenant });
    } catch {
      return false; // the route's 400 envelope
    }
    const cookieHeader = req.headers.cookie;
    // the cookie plugin's own parser, so the token read is the one the login check reads
    const token = consoleToken(req, cookieHeader ? parseCookie(cookieHeader) : {});
    const identity = deps.auth.identify('console', token);
    if (!identity) return false;
    const { roles, namespacePrivilege } = identity.user;
    if (!pathAllowed(roles, 'GET', CONFIG_INFO) || !namespacePermitted(namespacePrivilege, key.namespaceId)) {
      return false;
    }
    const item = deps.configs.get(key);
    if (!item) return false;
    const body = JSON.stringify(ok(configInfoOf(item)));
    // with its length, as fastify sends it (not chunked)
    sendFast(res, 200, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body) }, body);
    return true;
  };
}
