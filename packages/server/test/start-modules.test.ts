import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, waitForExit, type ServerProcess } from './server-process.js';

/** Appends every module the process loads to MODULE_TRACE_FILE (the bench's start-cost script uses it too). */
const TRACE_HOOK = fileURLToPath(new URL('../../../bench/module-trace.mjs', import.meta.url));

/** What only LDAP, OAuth2, MCP, transfer, the cluster or a login need: none of it is loaded by a start. */
const NOT_AT_START = [
  'node_modules/ldapts/',
  'node_modules/openid-client/',
  'node_modules/@modelcontextprotocol/sdk/',
  'node_modules/yaml/',
  'node_modules/fflate/',
  'node_modules/pg/',
  'node_modules/mysql2/',
  'node_modules/undici/',
  'node_modules/jimp/',
  'node_modules/lru-cache/',
  'node_modules/ipaddr.js/',
  'src/core/auth/ldap-directory.ts',
  'src/core/auth/oauth2-login.ts',
  'src/core/auth/login-throttle.ts',
  'src/core/cluster/cluster-node.ts',
  'src/core/mcp/tool-invoker.ts',
  'src/core/outbound/outbound-policy.ts',
  'src/core/transfer/',
  'src/adapters/mcp/mcp-endpoint.ts',
  'src/adapters/console-api/console-http-server.ts',
];

let server: ServerProcess | undefined;
const dirs: string[] = [];
afterEach(async () => {
  if (server) {
    server.child.kill('SIGTERM');
    await waitForExit(server.child);
    server = undefined;
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Starts the server from source with default settings (console on) and answers what it loaded once ready. */
async function modulesLoadedAtStart(env: Record<string, string> = {}): Promise<string[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-start-modules-'));
  dirs.push(dir);
  const trace = path.join(dir, 'modules.txt');
  server = await startServerProcess(
    {
      RNACOS_DATA_DIR: path.join(dir, 'data'),
      RNACOS_HTTP_CONSOLE_PORT: String(await freePort()),
      MODULE_TRACE_FILE: trace,
      ...env,
    },
    { nodeOptions: ['--import', TRACE_HOOK] },
  );
  return readFileSync(trace, 'utf8').split('\n').filter(Boolean);
}

describe('a start with default settings', () => {
  it('loads none of the code of features it was not asked to use', async () => {
    const loaded = await modulesLoadedAtStart();
    // the trace sees the store and the gRPC codec a start needs
    expect(loaded.some((m) => m.includes('node_modules/better-sqlite3/'))).toBe(true);
    expect(loaded.some((m) => m.includes('node_modules/protobufjs/'))).toBe(true);
    for (const part of NOT_AT_START) expect(loaded.filter((m) => m.includes(part))).toEqual([]);
  });

  it('loads LDAP login when it is on', async () => {
    const loaded = await modulesLoadedAtStart({
      RNACOS_LDAP_ENABLE: 'true',
      RNACOS_LDAP_URL: 'ldap://127.0.0.1:1',
      RNACOS_LDAP_USER_BASE_DN: 'ou=people,dc=example,dc=org',
    });
    expect(loaded.some((m) => m.includes('node_modules/ldapts/'))).toBe(true);
    expect(loaded.some((m) => m.includes('src/core/auth/ldap-directory.ts'))).toBe(true);
  });
});
