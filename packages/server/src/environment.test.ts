import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveEnvironment } from './environment.js';

const dir = mkdtempSync(path.join(tmpdir(), 'tsnacos-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('resolveEnvironment', () => {
  it('reads the env file as dotenv does: quotes, export, comments, multi-line values', () => {
    const file = path.join(dir, 'quoted.env');
    writeFileSync(
      file,
      [
        '# the cluster',
        'export RNACOS_HTTP_PORT=18848',
        'RNACOS_INIT_ADMIN_PASSWORD="pa ss # not a comment"',
        "RNACOS_DB_URL='postgres://u@h/db'",
        'RNACOS_LOG_LEVEL=warn # a comment',
        'MULTI="one',
        'two"',
      ].join('\n'),
    );
    const env = resolveEnvironment({ envFile: file }, {}, dir);
    expect(env).toMatchObject({
      RNACOS_HTTP_PORT: '18848',
      RNACOS_INIT_ADMIN_PASSWORD: 'pa ss # not a comment',
      RNACOS_DB_URL: 'postgres://u@h/db',
      RNACOS_LOG_LEVEL: 'warn',
      MULTI: 'one\ntwo',
    });
  });

  it('lets the process environment win over the file, and flags win over both', () => {
    writeFileSync(path.join(dir, '.env'), 'RNACOS_HTTP_PORT=1\nRNACOS_GRPC_PORT=2\nRNACOS_DATA_DIR=/from-file\n');
    const env = resolveEnvironment({ grpcPort: '3' }, { RNACOS_HTTP_PORT: '9', RNACOS_DATA_DIR: ' ' }, dir);
    expect(env.RNACOS_HTTP_PORT).toBe('9');
    expect(env.RNACOS_GRPC_PORT).toBe('3');
    // a blank variable counts as unset
    expect(env.RNACOS_DATA_DIR).toBe('/from-file');
  });

  it('names an env file it cannot read', () => {
    expect(() => resolveEnvironment({ envFile: 'missing.env' }, {}, dir)).toThrow(/cannot read env file missing\.env/);
  });
});
