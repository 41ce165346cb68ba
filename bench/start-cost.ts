// What a start costs: time to readiness, RSS and threads of fresh starts on an empty data dir with default
// settings (console on), and which packages and source folders the start loads (read from the bundle's
// source maps, for the chunks a traced start loaded). `BENCH_BASE_DIST=<checkout>/packages/server/dist`
// runs another build alternately beside this one. Run: npm run build && npx tsx bench/start-cost.ts
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, median, requireBuild, rssMb, serverMain, startServer, stopServer } from './lib.js';

const STARTS = Number(process.env.BENCH_STARTS ?? 10);
/** Seconds a started server idles before its RSS is read again (timers and workers started late show). */
const SETTLE_S = Number(process.env.BENCH_SETTLE ?? 2);
const TRACE_HOOK = fileURLToPath(new URL('./module-trace.mjs', import.meta.url));

interface Group {
  modules: number;
  bytes: number;
}

interface Start {
  ms: number;
  rss: number;
  rssSettled: number;
  threads: number;
}

const threadsOf = (pid: number) =>
  Number(/Threads:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

async function startOnce(main: string, env: Record<string, string> = {}): Promise<Start> {
  const consolePort = String(await freePort());
  const t0 = performance.now();
  const s = await startServer({ RNACOS_HTTP_CONSOLE_PORT: consolePort, ...env }, { main });
  const ms = performance.now() - t0;
  const rss = rssMb(s.child.pid!);
  await new Promise((r) => setTimeout(r, SETTLE_S * 1000));
  const result = { ms, rss, rssSettled: rssMb(s.child.pid!), threads: threadsOf(s.child.pid!) };
  await stopServer(s);
  return result;
}

/** Source bytes by package (node_modules) or by tsnacos folder, over what one traced start loaded. */
async function loadedSources(main: string): Promise<{ chunkBytes: number; groups: Map<string, Group> }> {
  const trace = path.join(os.tmpdir(), `tsnacos-trace-${process.pid}-${Date.now()}.txt`);
  await startOnce(main, {
    NODE_OPTIONS: `--max-semi-space-size=4 --import ${TRACE_HOOK}`,
    MODULE_TRACE_FILE: trace,
  });
  const loaded = new Set(readFileSync(trace, 'utf8').split('\n').filter(Boolean));
  rmSync(trace, { force: true });
  const groups = new Map<string, Group>();
  let chunkBytes = 0;
  const add = (key: string, bytes: number) => {
    const g = groups.get(key) ?? { modules: 0, bytes: 0 };
    g.modules++;
    g.bytes += bytes;
    groups.set(key, g);
  };
  const dist = path.dirname(main);
  for (const entry of loaded) {
    if (entry.startsWith('node:') || !entry.includes('/')) continue;
    const file = entry.startsWith('file:') ? fileURLToPath(entry) : entry;
    if (path.dirname(file) !== dist) {
      // loaded from node_modules as it is (native code, CommonJS kept out of the bundle)
      if (!file.endsWith('.node')) add(groupOf(file), readFileSync(file).length);
      continue;
    }
    chunkBytes += readFileSync(file).length;
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; sourcesContent?: string[] };
    map.sources.forEach((source, i) => add(groupOf(source), map.sourcesContent?.[i]?.length ?? 0));
  }
  return { chunkBytes, groups };
}

/** `ldapts`, `@fastify/cookie`, or a tsnacos folder such as `src/core/auth`. */
function groupOf(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1];
  // a file's folder, at most two levels under src
  const parts = source.split('/').filter((p) => p !== '..');
  const src = parts.indexOf('src');
  if (src < 0) return source;
  return parts.slice(Math.max(0, src - 1), Math.min(parts.length - 1, src + 3)).join('/');
}

const round = (x: number) => Math.round(x * 10) / 10;

async function main(): Promise<void> {
  requireBuild();
  const base = process.env.BENCH_BASE_DIST && path.join(path.resolve(process.env.BENCH_BASE_DIST), 'main.js');
  const builds: [string, string][] = base
    ? [
        ['base', base],
        ['new', serverMain()],
      ]
    : [['new', serverMain()]];
  const runs = new Map<string, Start[]>(builds.map(([name]) => [name, []]));
  for (let i = 0; i < STARTS; i++) {
    for (const [name, main] of builds) runs.get(name)!.push(await startOnce(main));
  }
  console.log(`${STARTS} alternating starts each, empty data dir, RSS again after ${SETTLE_S} s (medians, range)`);
  console.log('| build | ms to readiness | RSS at readiness, MB | RSS settled, MB | threads |');
  console.log('|---|---|---|---|---|');
  for (const [name, starts] of runs) {
    const cell = (pick: (s: Start) => number) => {
      const xs = starts.map(pick);
      return `${round(median(xs))} (${round(Math.min(...xs))}-${round(Math.max(...xs))})`;
    };
    console.log(
      `| ${name} | ${cell((s) => s.ms)} | ${cell((s) => s.rss)} | ${cell((s) => s.rssSettled)} | ${cell((s) => s.threads)} |`,
    );
  }
  for (const [name, main] of builds) {
    const loaded = await loadedSources(main);
    const groups = [...loaded.groups].sort((a, b) => b[1].bytes - a[1].bytes);
    const total = groups.reduce((sum, [, g]) => sum + g.bytes, 0);
    console.log(
      `\n${name}: ${Math.round(loaded.chunkBytes / 1024)} KB of bundle chunks, from ${Math.round(total / 1024)} KB ` +
        'of source, loaded at start; the source by package or folder:',
    );
    for (const [group, g] of groups) {
      console.log(`${String(Math.round(g.bytes / 1024)).padStart(6)} KB ${String(g.modules).padStart(4)}  ${group}`);
    }
  }
}

await main();
