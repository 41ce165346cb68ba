// How long this machine's disk takes to make a small write durable: the floor under every acknowledged
// publish (SQLite's WAL is written and fdatasync'ed once per group commit).
import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { percentile } from './lib.js';

/** Appends 4 kB and fdatasyncs it `times` times in a temp dir (where the benches' data dirs are): ms. */
export function fsyncTime(times = 200): { p50: number; p99: number } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-fsync-'));
  const fd = openSync(path.join(dir, 'probe'), 'a');
  const page = Buffer.alloc(4096, 1);
  const took: number[] = [];
  try {
    for (let i = 0; i < times; i++) {
      writeSync(fd, page);
      const t0 = performance.now();
      fdatasyncSync(fd);
      took.push(performance.now() - t0);
    }
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
  took.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return { p50: round(percentile(took, 50)), p99: round(percentile(took, 99)) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { p50, p99 } = fsyncTime(500);
  console.log(`fdatasync of a 4 kB append in ${os.tmpdir()}: p50 ${p50} ms, p99 ${p99} ms`);
}
