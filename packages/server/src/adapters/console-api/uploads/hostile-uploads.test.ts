import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, consoleAppWithAdmin, multipart, type ConsoleApp } from '../../../../test/console-helpers.js';
import { encodeTransfer } from '../../../core/transfer/transfer-codec.js';
import { SERVER_TABLE_IDS } from '../../../core/transfer/transfer-format.js';
import { emptyContent } from '../../../core/transfer/transfer-model.js';

/**
 * Uploads built to be slow or large to read, on every console import: each is refused with 413 naming the
 * limit it hit (or 400 for damage), and nothing is imported. Unit tests of the readers: shared/untrusted.
 */
const zipOf = (files: Record<string, string | Uint8Array>) =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, Buffer.from(v)]))));

/** A tool spec whose input schema has `n` properties. */
const keyBomb = (n: number) =>
  `group: g\nname: t\ninputSchema:\n  type: object\n  properties:\n${Array.from({ length: n }, (_, i) => `    p${i}: 1`).join('\n')}\n`;

/** Nine levels of nine aliases: a billion nodes once expanded, from 90 aliases. */
function aliasBomb(): string {
  const lines = ['uniqueKey: lol', 'a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i < 9; i++) {
    const [name, prev] = [String.fromCharCode(97 + i), String.fromCharCode(96 + i)];
    lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(', ')}]`);
  }
  return lines.join('\n');
}

describe('hostile console uploads', () => {
  let app: ConsoleApp;
  let admin: string;
  beforeAll(async () => {
    ({ app, admin } = await consoleAppWithAdmin());
  });
  afterAll(() => app.dispose());

  const upload = (path: string, file: Buffer, headers: Record<string, string> = {}) => {
    const body = multipart('file', 'upload.zip', file);
    return app.console.inject({
      method: 'POST',
      url: `${API}/${path}`,
      cookies: { token: admin },
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };
  const refused = async (path: string, file: Buffer, status: number, message: string | RegExp) => {
    const res = await upload(path, file);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code: 'PARAM_ERROR', message });
  };

  it('refuses an MCP tool spec with a mapping of 30,000 keys (the key bomb)', async () => {
    await refused(
      'v2/mcp/toolspec/import',
      zipOf({ 'g_t.yaml': keyBomb(30_000) }),
      413,
      'limit exceeded: keys in one YAML mapping (10000) in g_t.yaml',
    );
    expect(app.core.mcp.listSpecs({ namespace: '' }, { offset: 0, limit: 10 }).totalCount).toBe(0);
  });

  it('refuses MCP server files nested too deep, too large, or with an alias bomb', async () => {
    const path = 'v2/mcp/server/import';
    await refused(
      path,
      zipOf({ 'deep.yaml': '['.repeat(200_000) }),
      413,
      'limit exceeded: YAML nesting depth (64) in deep.yaml',
    );
    await refused(
      path,
      zipOf({ 'big.yaml': '['.repeat(2_000_000) }),
      413,
      'limit exceeded: unpacked bytes of a zip entry (524288) in big.yaml',
    );
    await refused(
      path,
      zipOf({ 'lol.yaml': aliasBomb() }),
      413,
      'limit exceeded: YAML alias expansion (100) in lol.yaml',
    );
    await refused(path, Buffer.from('PK not a zip'), 400, /^the upload is not a valid zip file/);
  });

  it('refuses a config zip whose entry unpacks past the config size limit (a zip bomb)', async () => {
    const bomb = zipOf({ 'G/huge.txt': new Uint8Array(11 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(64 * 1024);
    await refused('config/import', bomb, 413, 'limit exceeded: unpacked bytes of a zip entry (10485760) in G/huge.txt');
    expect(app.core.configs.count()).toBe(0);
  });

  it('refuses a transfer file that is garbage, or whose MCP JSON nests too deep', async () => {
    await refused(
      'transfer/import',
      Buffer.alloc(4096, 7),
      400,
      /^invalid transfer file at byte 0: not a transfer file/,
    );
    const content = emptyContent();
    content.mcpToolSpecs = [
      {
        namespace: '',
        group: 'g',
        toolName: 't',
        currentVersion: 1,
        createTime: 1,
        createUser: 'a',
        versions: [{ version: 1, parametersJson: '['.repeat(100_000), opUser: 'a', updateTime: 1 }],
      },
    ];
    const file = Buffer.concat([
      ...encodeTransfer(content, { modifyTime: 1, fromSys: 'x', tableIds: SERVER_TABLE_IDS }),
    ]);
    await refused(
      'transfer/import',
      file,
      413,
      /^limit exceeded: JSON nesting depth \(64\) in the record at byte \d+$/,
    );
    expect(app.core.mcp.listSpecs({ namespace: '' }, { offset: 0, limit: 10 }).totalCount).toBe(0);
  });
});
