// What a transfer upload costs the event loop: the file decoded on the main thread (as before the parse
// worker) against the parse worker, which sends the records back in parts of about 1 MB. Measures the
// longest gap of a 1 ms timer on the main thread (a stalled loop) and what one message of the whole result
// would cost to copy in (v8 serialize + deserialize, the structured clone postMessage does).
// Run: npx tsx bench/upload-parse-bench.ts (BENCH_CONFIGS, default 8000 configs with 5 history items of 1 KB)
import { Readable } from 'node:stream';
import { deserialize, serialize } from 'node:v8';
import { readTransferUpload } from '../packages/server/src/adapters/console-api/uploads/upload-parser.js';
import { decodeRecord, decodeTransfer } from '../packages/server/src/core/transfer/transfer-codec.js';
import { SERVER_TABLE_IDS } from '../packages/server/src/core/transfer/transfer-format.js';
import { readTransfer } from '../packages/server/src/core/transfer/transfer-reader.js';
import { encodeTransfer } from '../packages/server/src/core/transfer/transfer-codec.js';

const CONFIGS = Number(process.env.BENCH_CONFIGS ?? 8_000);
const HISTORY = 5;

function transferFile(): Buffer {
  const body = 'x'.repeat(1000);
  const configs = Array.from({ length: CONFIGS }, (_, i) => ({
    namespaceId: '',
    group: `G${i % 50}`,
    dataId: `config-${i}.properties`,
    content: `${body}${i}`,
    type: 'properties',
    histories: Array.from({ length: HISTORY }, (_, h) => ({ id: h + 1, content: `${body}${i}-${h}`, lastTime: 1 + h })),
  }));
  const content = { configs, namespaces: [], users: [], instances: [] };
  return Buffer.concat([...encodeTransfer(content, { modifyTime: 1, fromSys: 'bench', tableIds: SERVER_TABLE_IDS })]);
}

/** Runs `work` while a 1 ms timer measures the longest time the loop did not turn. */
async function longestStall(work: () => Promise<unknown>): Promise<{ ms: number; stallMs: number }> {
  let last = performance.now();
  let stall = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  clearInterval(timer);
  return { ms, stallMs: Math.max(stall, performance.now() - last) };
}

/** The file as an upload's socket delivers it: 64 KB chunks, each in its own turn of the loop. */
const upload = (file: Buffer) =>
  Readable.from(
    (async function* () {
      for (let at = 0; at < file.length; at += 65536) {
        await new Promise((resolve) => setImmediate(resolve));
        yield file.subarray(at, at + 65536);
      }
    })(),
  );

async function main() {
  const file = transferFile();
  const mb = (file.length / 1024 / 1024).toFixed(1);
  console.log(`transfer file: ${CONFIGS} configs x ${HISTORY} history items, ${mb} MB`);
  // the worker's first start (tsx compiling the sources) is not what an upload costs in the build
  await readTransferUpload(upload(file));
  for (let round = 1; round <= 3; round++) {
    const main = await longestStall(() => decodeTransfer(upload(file)));
    const worker = await longestStall(() => readTransferUpload(upload(file)));
    console.log(
      `round ${round}: main thread ${main.ms.toFixed(0)} ms (loop stalled up to ${main.stallMs.toFixed(0)} ms); ` +
        `parse worker ${worker.ms.toFixed(0)} ms (loop stalled up to ${worker.stallMs.toFixed(1)} ms)`,
    );
  }
  const records = [];
  for await (const entry of readTransfer([file])) if (entry.kind === 'record') records.push(decodeRecord(entry.record));
  const whole = serialize(records);
  const started = performance.now();
  deserialize(whole);
  const wholeMs = performance.now() - started;
  // the parts as the worker's job cuts them (2000 records or 1 MB of record bytes)
  const parts: Array<typeof records> = [[]];
  let partBytes = 0;
  for (const r of records) {
    parts[parts.length - 1].push(r);
    partBytes += r.table === 'T_CONFIG' ? r.config.content.length * (1 + r.config.histories.length) : 0;
    if (parts[parts.length - 1].length >= 2000 || partBytes >= 1024 * 1024) {
      parts.push([]);
      partBytes = 0;
    }
  }
  const partMs = parts.map((part) => {
    const bytes = serialize(part);
    const t = performance.now();
    deserialize(bytes);
    return performance.now() - t;
  });
  console.log(
    `copying the result into the main thread: as one message ${(whole.length / 1024 / 1024).toFixed(1)} MB, ` +
      `${wholeMs.toFixed(0)} ms in one turn; as ${parts.length} parts, at most ${Math.max(...partMs).toFixed(1)} ms ` +
      `per part (mean ${(partMs.reduce((a, b) => a + b, 0) / partMs.length).toFixed(1)} ms)`,
  );
  process.exit(0);
}

void main();
