// Transfer benchmark: how long the offline tools take for a large store. Generates a transfer file of
// BENCH_CONFIGS configs with BENCH_HISTORY history items each, then times import, export and the SQLite
// converters as child processes of the built CLI. Run: npm run build && npx tsx bench/transfer-bench.ts
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(root, 'packages/server/dist');
const MAIN = path.join(dist, 'main.js');
const CONFIGS = Number(process.env.BENCH_CONFIGS ?? 20_000);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 5);

if (!existsSync(MAIN)) {
  console.error('build first: npm run build');
  process.exit(1);
}

function timed(label: string, args: string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, [MAIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, RNACOS_LOG_LEVEL: 'silent' },
  });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`${label} failed: ${result.stderr}`);
  return ms;
}

async function main() {
  // The built modules, typed by their sources.
  const { encodeTransfer } = (await import(
    path.join(dist, 'core/transfer/transfer-codec.js')
  )) as typeof import('../packages/server/src/core/transfer/transfer-codec.js');
  const { SERVER_TABLE_IDS } = (await import(
    path.join(dist, 'core/transfer/transfer-format.js')
  )) as typeof import('../packages/server/src/core/transfer/transfer-format.js');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-transfer-bench-'));
  try {
    const body = 'x'.repeat(1000);
    const configs = Array.from({ length: CONFIGS }, (_, i) => ({
      namespaceId: i % 10 === 0 ? 'dev' : '',
      group: `G${i % 50}`,
      dataId: `config-${i}.properties`,
      content: `${body}${i}-${HISTORY}`,
      type: 'properties',
      histories: Array.from({ length: HISTORY }, (_, h) => ({
        id: h + 1,
        content: `${body}${i}-${h + 1}`,
        lastTime: 1_700_000_000_000 + h,
      })),
    }));
    const file = path.join(dir, 'big.data');
    const chunks = [
      ...encodeTransfer(
        { configs, namespaces: [{ namespaceId: 'dev', namespaceName: 'dev' }], users: [], instances: [] },
        { modifyTime: Date.now(), fromSys: 'bench', tableIds: SERVER_TABLE_IDS },
      ),
    ];
    writeFileSync(file, Buffer.concat(chunks));
    const mb = statSync(file).size / 1024 / 1024;
    const dataDir = path.join(dir, 'store');
    const rows = [
      ['import into an empty store', timed('import', ['import', file, '--data-dir', dataDir])],
      ['export', timed('export', ['export', path.join(dir, 'out.data'), '--data-dir', dataDir])],
      ['data-to-sqlite', timed('data-to-sqlite', ['data-to-sqlite', file, path.join(dir, 'conv.db')])],
      [
        'sqlite-to-data',
        timed('sqlite-to-data', ['sqlite-to-data', path.join(dir, 'conv.db'), path.join(dir, 'back.data')]),
      ],
    ] as const;
    console.log(`file: ${CONFIGS} configs x ${HISTORY} history items, ${mb.toFixed(1)} MB`);
    for (const [label, ms] of rows)
      console.log(`${label.padEnd(28)} ${(ms / 1000).toFixed(2)} s  ${(mb / (ms / 1000)).toFixed(1)} MB/s`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
