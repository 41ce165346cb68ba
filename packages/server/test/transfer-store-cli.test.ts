import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeTransfer } from '../src/core/transfer/transfer-codec.js';
import { buildTestApp, tempDataDir } from './helpers.js';
import { lastErrorLine, runCli } from './run-cli.js';
import { sampleServerExport } from './transfer-bytes.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-store-cli-'));
const dataDirs: string[] = [];
afterAll(() => {
  for (const d of [dir, ...dataDirs]) rmSync(d, { recursive: true, force: true });
});

function newDataDir(): string {
  const d = tempDataDir();
  dataDirs.push(d);
  return d;
}

/** A stopped server's data dir holding configs, a namespace and a persistent instance. */
async function populatedDataDir(): Promise<string> {
  const dataDir = newDataDir();
  const app = await buildTestApp({ dataDir });
  await app.core.namespaces.add({ namespaceId: 'dev', namespaceName: 'Development' });
  await app.core.configs.publish({
    namespaceId: '',
    group: 'DEFAULT_GROUP',
    dataId: 'a.yaml',
    content: 'v: 1',
    type: 'yaml',
  });
  await app.core.configs.publish({ namespaceId: '', group: 'DEFAULT_GROUP', dataId: 'a.yaml', content: 'v: 2' });
  await app.core.configs.publish({ namespaceId: 'dev', group: 'G', dataId: 'b.txt', content: 'b' });
  await app.core.naming.registerInstance(
    { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'svc' },
    { ip: '10.1.1.1', port: 80, ephemeral: false },
  );
  await app.close();
  return dataDir;
}

/** What the store holds, read in-process. */
async function storeContent(dataDir: string) {
  const app = await buildTestApp({ dataDir });
  try {
    return await app.core.transfer.exportContent();
  } finally {
    await app.close();
  }
}

const contentOf = async (file: string) => (await decodeTransfer([readFileSync(file)])).content;

describe("tsnacos import / export on a stopped server's data dir", () => {
  it('exports a data dir and imports it into an empty one, which then exports the same content', async () => {
    const source = await populatedDataDir();
    const first = path.join(dir, 'first.data');
    const exported = await runCli(['export', first, '--data-dir', source]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(/2 configs, 3 history items, 1 namespaces, 1 users, 1 persistent instances/);

    const target = newDataDir();
    const imported = await runCli(['import', first], { env: { RNACOS_DATA_DIR: target } });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(
      /imported .* into .*: 2 configs, 1 namespaces, 1 users, 1 persistent instances, 0 skipped, 0 ignored/,
    );

    const app = await buildTestApp({ dataDir: target });
    try {
      expect(app.core.configs.get({ namespaceId: '', group: 'DEFAULT_GROUP', dataId: 'a.yaml' })?.content).toBe('v: 2');
      expect(
        app.core.naming.listInstances({ namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'svc' }),
      ).toHaveLength(1);
    } finally {
      await app.close();
    }
    const second = path.join(dir, 'second.data');
    expect((await runCli(['export', second, '--data-dir', target])).code).toBe(0);
    const a = await contentOf(first);
    const b = await contentOf(second);
    const noIds = (c: (typeof a.configs)[number]) => ({ ...c, histories: c.histories.map(({ id: _i, ...h }) => h) });
    expect(b.configs.map(noIds)).toEqual(a.configs.map(noIds));
    expect(b.namespaces).toEqual(a.namespaces);
    expect(b.instances).toEqual(a.instances);
    expect(b.users).toEqual(a.users);
  });

  it('refuses to touch the store while a server has it open', async () => {
    const dataDir = await populatedDataDir();
    const app = await buildTestApp({ dataDir });
    try {
      const out = path.join(dir, 'busy.data');
      const result = await runCli(['export', out, '--data-dir', dataDir]);
      expect(result.code).not.toBe(0);
      expect(lastErrorLine(result)).toBe(`tsnacos: the store in ${dataDir} is in use: stop the tsnacos server first`);
      expect(existsSync(out)).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('changes nothing when the file is damaged, and says where', async () => {
    const dataDir = await populatedDataDir();
    const before = await storeContent(dataDir);
    const full = sampleServerExport();
    const cut = path.join(dir, 'cut.data');
    writeFileSync(cut, full.subarray(0, full.length - 3));
    const result = await runCli(['import', cut, '--data-dir', dataDir]);
    expect(result.code).not.toBe(0);
    expect(lastErrorLine(result)).toMatch(
      /^tsnacos: invalid transfer file at byte \d+: file is truncated: a record declares \d+ bytes but only \d+ remain$/,
    );
    expect(await storeContent(dataDir)).toEqual(before);
  });

  it('imports neither configs nor users on --no-config --no-user, and explains a missing store on export', async () => {
    const target = newDataDir();
    const file = path.join(dir, 'sample.data');
    writeFileSync(file, sampleServerExport());
    const result = await runCli(['import', file, '--data-dir', target, '--no-config', '--no-user']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/: 1 persistent instances, 1 MCP servers, 0 skipped, 1 ignored/);
    const missing = path.join(dir, 'no-such-dir');
    const exported = await runCli(['export', path.join(dir, 'x.data'), '--data-dir', missing]);
    expect(lastErrorLine(exported)).toBe(
      `tsnacos: no tsnacos store in ${missing} (expected tsnacos.db; set --data-dir or RNACOS_DATA_DIR)`,
    );
  });
});
