import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeTransfer } from '../src/core/transfer/transfer-codec.js';
import { IMPORT_EVERYTHING } from '../src/core/transfer/import-plan.js';
import { T_CONFIG_GRAY, TransferFormatError } from '../src/core/transfer/transfer-format.js';
import { readTransfer, type TransferRecord } from '../src/core/transfer/transfer-reader.js';
import { encodeRecord } from '../src/core/transfer/transfer-writer.js';
import { ManualClock } from '../src/shared/clock.js';
import { buildTestApp, type TestApp } from './helpers.js';

/** Gray (beta and tag) releases in transfer files: exported, imported, and invisible to r-nacos's reader. */
const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.dispose()));
});

async function app(): Promise<TestApp> {
  const a = await buildTestApp({ clock: new ManualClock() });
  apps.push(a);
  return a;
}

const APP = { namespaceId: '', group: 'DEFAULT_GROUP', dataId: 'app.yaml' };
const DB = { namespaceId: 'dev', group: 'DEFAULT_GROUP', dataId: 'db.properties' };

/** A server with a beta and a tag release of app.yaml and a beta of db.properties in namespace dev. */
async function withGrays(): Promise<TestApp> {
  const a = await app();
  await a.core.namespaces.add({ namespaceId: 'dev', namespaceName: 'Development' });
  await a.core.configs.publish({ ...APP, content: 'v: stable', type: 'yaml' });
  await a.core.configs.publishGray({
    ...APP,
    content: 'v: beta',
    rule: { type: 'beta', ips: ['10.0.0.1', '10.0.0.2'] },
  });
  await a.core.configs.publishGray(
    { ...APP, content: 'v: blue', rule: { type: 'tag', tag: 'blue' } },
    { srcUser: 'ann' },
  );
  await a.core.configs.publish({ ...DB, content: 'url=a', type: 'properties' });
  await a.core.configs.publishGray({ ...DB, content: 'url=b', rule: { type: 'beta', ips: ['10.0.0.9'] } });
  return a;
}

const exportOf = async (a: TestApp) => decodeTransfer(await a.core.transfer.exportFile());
const reads = (a: TestApp, key: typeof APP, ip: string, tag?: string) =>
  (a.core.configs.grayFor(key, { ip, tag })?.item ?? a.core.configs.get(key))?.content;

/** Every record of a file as the stream reader resolves it. */
async function recordsOf(chunks: Uint8Array[]): Promise<TransferRecord[]> {
  const records: TransferRecord[] = [];
  for await (const entry of readTransfer(chunks)) if (entry.kind === 'record') records.push(entry.record);
  return records;
}

describe('gray releases in transfer files', () => {
  it('export -> import into an empty server (SQLite) -> export: the releases are served again, unchanged', async () => {
    const source = await withGrays();
    const file = await exportOf(source);
    expect(file.tables[T_CONFIG_GRAY]).toBe(3);
    expect(file.content.grays?.map((g) => [g.namespaceId, g.dataId, g.grayName, g.content])).toEqual([
      ['', 'app.yaml', 'beta', 'v: beta'],
      ['', 'app.yaml', 'tag_blue', 'v: blue'],
      ['dev', 'db.properties', 'beta', 'url=b'],
    ]);

    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-transfer-gray-'));
    const target = await buildTestApp({ clock: new ManualClock(), dataDir });
    const report = await target.core.transfer.importDecoded(file, IMPORT_EVERYTHING);
    expect(report.imported).toMatchObject({ T_CONFIG: 2, T_CONFIG_GRAY: 3 });
    expect(report.skipped).toEqual([]);
    // served at once, to the clients each rule names
    expect(reads(target, APP, '10.0.0.2')).toBe('v: beta');
    expect(reads(target, APP, '10.0.0.7', 'blue')).toBe('v: blue');
    expect(reads(target, APP, '10.0.0.7')).toBe('v: stable');
    expect(reads(target, DB, '10.0.0.9')).toBe('url=b');
    expect(target.core.configs.graysOf(APP).find((g) => g.grayName === 'tag_blue')?.item.srcUser).toBe('ann');

    // and stored: a restart on the same SQLite file serves them too, and exports them as they came
    await target.close();
    expect(existsSync(path.join(dataDir, 'tsnacos.db'))).toBe(true);
    const again = await buildTestApp({ dataDir });
    try {
      expect(reads(again, APP, '10.0.0.1')).toBe('v: beta');
      expect((await exportOf(again)).content.grays).toEqual(file.content.grays);
    } finally {
      await again.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('writes the releases last, by a table name r-nacos does not know, so its reader skips them', async () => {
    const records = await recordsOf(await (await withGrays()).core.transfer.exportFile());
    const names = records.map((r) => r.tableName);
    const firstGray = names.indexOf(T_CONFIG_GRAY);
    expect(firstGray).toBeGreaterThan(0);
    expect(names.slice(firstGray).every((n) => n === T_CONFIG_GRAY)).toBe(true);
    // addressed by name with table id 0, as every r-nacos record: r-nacos resolves only the names it knows
    const rnacosTables = ['T_CONFIG', 'T_USER', 'T_CACHE', 'T_NAMESPACE', 'T_MCP_TOOL_SPEC', 'T_MCP_SERVER'];
    for (const r of records.slice(firstGray)) {
      expect([r.tableId, rnacosTables.concat('T_NAMING_INSTANCE').includes(r.tableName)]).toEqual([0, false]);
    }
  });

  it('replaces a release of the same name, keeps the others, and wakes the clients of the config', async () => {
    const file = await exportOf(await withGrays());
    const target = await app();
    await target.core.configs.publish({ ...APP, content: 'v: local', type: 'yaml' });
    await target.core.configs.publishGray({
      ...APP,
      content: 'v: old beta',
      rule: { type: 'beta', ips: ['10.0.0.5'] },
    });
    await target.core.configs.publishGray({ ...APP, content: 'v: green', rule: { type: 'tag', tag: 'green' } });
    const woken: string[] = [];
    target.core.configs.watch('\u0002DEFAULT_GROUP\u0002app.yaml', (k) => woken.push(k));
    await target.core.transfer.importDecoded(file, IMPORT_EVERYTHING);
    expect(target.core.configs.graysOf(APP).map((g) => [g.grayName, g.item.content])).toEqual([
      ['beta', 'v: beta'],
      ['tag_green', 'v: green'],
      ['tag_blue', 'v: blue'],
    ]);
    expect(reads(target, APP, '10.0.0.5')).toBe('v: stable');
    expect(woken.length).toBeGreaterThan(0);
  });

  it('imports no release when the config part is switched off, and skips an empty one saying why', async () => {
    const file = await exportOf(await withGrays());
    const off = await app();
    const report = await off.core.transfer.importDecoded(file, { ...IMPORT_EVERYTHING, configs: false });
    expect(report.imported[T_CONFIG_GRAY]).toBeUndefined();
    expect(off.core.configs.graysOf(APP)).toEqual([]);

    file.content.grays![1].content = ' ';
    const on = await app();
    const skipped = (await on.core.transfer.importDecoded(file, IMPORT_EVERYTHING)).skipped;
    expect(skipped).toEqual([
      { table: T_CONFIG_GRAY, key: 'app.yaml DEFAULT_GROUP tag_blue', reason: 'empty content' },
    ]);
    expect(on.core.configs.graysOf(APP).map((g) => g.grayName)).toEqual(['beta']);
  });

  it('refuses a release whose name does not match its rule, or whose rule is malformed, at its offset', async () => {
    const source = await withGrays();
    const chunks = await source.core.transfer.exportFile();
    const records = await recordsOf(chunks);
    const beta = records.find((r) => r.tableName === T_CONFIG_GRAY)!;
    const { ConfigGrayMessage, decodeMessage, encodeMessage } = await import('../src/core/transfer/transfer-proto.js');
    const value = decodeMessage(ConfigGrayMessage, beta.value);
    for (const change of [{ gray_name: 'tag_blue' }, { gray_rule: '{"type":"beta","expr":"not an ip"}' }]) {
      const bad = encodeRecord(T_CONFIG_GRAY, beta.key, encodeMessage(ConfigGrayMessage, { ...value, ...change }));
      const err = await decodeTransfer([...chunks, bad]).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TransferFormatError);
      expect((err as Error).message).toMatch(/T_CONFIG_GRAY record is invalid/);
    }
  });
});
