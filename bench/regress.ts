// Regressions against the last release: the working tree's build beside the build of the last release (or
// of --base <commit-ish>) on every bench path, servers pinned to core 0 and the load on core 1, alternating
// rounds (base, new, base, new, ...), medians, and a table of new/base ratios flagging every figure more
// than 5 % worse. Exits with 1 when a figure is flagged, 2 when the base or a path could not be run.
// Run: npm run bench:regress [-- --base <commit-ish>] [-- --quick] [-- --only <path,...>] [-- --list]
// Settings: BENCH_ROUNDS (3), BENCH_DURATION (seconds per run, 4), BENCH_CONNECTIONS (50), BENCH_SETTLE
// (seconds idle before RSS is read, 10), BENCH_IDLE (gRPC connections held, 10,000), BENCH_REGRESS_THRESHOLD
// (per cent, 5), BENCH_REGRESS_CACHE (where base builds are kept, ~/.cache/tsnacos-bench/regress).
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { findLastRelease } from '../scripts/last-release.mjs';
import { isMain, median, pinThisProcess, requireBuild, ROOT, serverMain } from './lib.js';
import { prepareBase } from './regress-base.js';
import {
  LOAD_CPU,
  PATHS,
  SERVER_CPU,
  type BenchPath,
  type Metric,
  type Round,
  type Settings,
} from './regress-paths.js';

/**
 * The oldest build every path here was run on: 07432c7, "Merge the MCP console screens" (2026-11-25). Builds
 * of that day before b273d96 fail the console login (their bundled cookie module); a last release older than
 * this is not taken as the base, --base is asked for (an older --base runs, and a path it cannot answer shows
 * as failed).
 */
export const OLDEST_BASE = '07432c7';

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const say = (line: string) => process.stderr.write(`[regress] ${line}\n`);

/** A figure of both builds, medians of the rounds. */
export interface Row {
  path: BenchPath;
  metric: Metric;
  base: number[];
  next: number[];
  errors: [number, number];
}

/**
 * new/base of a figure: the median of the rounds' ratios, each round's new run against the base run just
 * before it (a drift of the machine's load between rounds then weighs on both sides of each ratio).
 */
export const ratioOf = (row: Row): number => median(row.next.map((n, i) => n / row.base[i]));

/** How much worse a `ratio` (new/base) is for this metric, in per cent (negative: better); NaN without figures. */
export function worsePercent(metric: Metric, ratio: number): number {
  return (metric.better === 'higher' ? 1 - ratio : ratio - 1) * 100;
}

/** Whether a row counts as a regression: a flagged metric more than `threshold` per cent worse. */
export const flagged = (row: Row, threshold: number): boolean =>
  !row.metric.info && worsePercent(row.metric, ratioOf(row)) > threshold;

function figure(x: number): string {
  if (!Number.isFinite(x)) return '—';
  if (Math.abs(x) >= 100) return Math.round(x).toLocaleString('en-US');
  return x.toFixed(Math.abs(x) >= 10 ? 1 : 2);
}

/** The median, with the range of the rounds when there were several. */
function cell(xs: number[]): string {
  if (xs.length < 2) return figure(xs[0]);
  return `${figure(median(xs))} (${figure(Math.min(...xs))}–${figure(Math.max(...xs))})`;
}

/** The table's markdown lines: one per figure, the path named on its first. */
export function tableLines(rows: Row[], failures: Map<BenchPath, string>, threshold: number): string[] {
  const lines = ['| path | figure | better | base | new | new/base | verdict |', '|---|---|---|---|---|---|---|'];
  let last: BenchPath | undefined;
  for (const row of rows) {
    const ratio = ratioOf(row);
    const worse = worsePercent(row.metric, ratio);
    let verdict = !Number.isFinite(worse)
      ? 'no figure'
      : worse > 0
        ? `${worse.toFixed(1)} % worse`
        : `${(-worse).toFixed(1)} % better`;
    if (row.metric.info && Number.isFinite(worse)) verdict += ' (not flagged)';
    else if (flagged(row, threshold)) verdict = `**⚠ ${verdict}**`;
    const [be, ne] = row.errors;
    if (be || ne) verdict += `; failed requests: base ${be}, new ${ne}`;
    const name = row.path === last ? '' : `${row.path.title} \`${row.path.id}\``;
    last = row.path;
    const better = row.metric.better === 'higher' ? '↑ higher' : '↓ lower';
    const shown = Number.isFinite(ratio) ? ratio.toFixed(2) : '—';
    lines.push(
      `| ${name} | ${row.metric.label} | ${better} | ${cell(row.base)} | ${cell(row.next)} | ${shown} | ${verdict} |`,
    );
  }
  for (const [path, message] of failures) {
    lines.push(
      `| ${path.title} \`${path.id}\` | **failed**: ${message.replace(/\s+/g, ' ').slice(0, 200)} | | | | | |`,
    );
  }
  return lines;
}

/** Runs one path on both builds: both sides set up, then `rounds` rounds of base and new in turn. */
async function runPath(path: BenchPath, mains: [string, string], settings: Settings, rounds: number): Promise<Row[]> {
  const sides = [];
  const runs: Round[][] = [[], []];
  try {
    for (const main of mains) sides.push(await path.open(main, settings));
    for (let r = 0; r < rounds; r++) {
      for (let k = 0; k < 2; k++) {
        say(`${path.id}: round ${r + 1}/${rounds}, ${k === 0 ? 'base' : 'new'}`);
        runs[k].push(await sides[k].round());
      }
    }
  } finally {
    for (const side of sides) await side.close();
  }
  return path.metrics.map((metric, i) => ({
    path,
    metric,
    base: runs[0].map((r) => r.values[i]),
    next: runs[1].map((r) => r.values[i]),
    errors: [runs[0].reduce((n, r) => n + r.errors, 0), runs[1].reduce((n, r) => n + r.errors, 0)],
  }));
}

interface Options {
  base?: string;
  quick: boolean;
  only?: string[];
}

function options(argv: string[]): Options & { list: boolean } {
  const { values } = parseArgs({
    args: argv,
    options: {
      base: { type: 'string' },
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      list: { type: 'boolean', default: false },
    },
  });
  const only = values.only
    ?.split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const unknown = only?.filter((id) => !PATHS.some((p) => p.id === id)) ?? [];
  if (unknown.length)
    throw new Error(`unknown path ${unknown.join(', ')}; the paths: ${PATHS.map((p) => p.id).join(', ')}`);
  return { base: values.base, quick: values.quick, only, list: values.list };
}

/** The base commit: --base, else the last release when it can run the paths; with a line saying which. */
function baseCommit(base: string | undefined): { commit: string; why: string } | { refused: string } {
  if (base) {
    let commit: string;
    try {
      commit = git('rev-parse', '--verify', '--quiet', `${base}^{commit}`);
    } catch {
      return { refused: `--base ${base}: not a commit here` };
    }
    try {
      git('merge-base', '--is-ancestor', OLDEST_BASE, commit);
    } catch {
      say(`--base ${base} is older than ${OLDEST_BASE}, the oldest build every path has run on: some may fail`);
    }
    return { commit, why: `--base ${base}` };
  }
  const release = findLastRelease(ROOT);
  if (!release) return { refused: 'no commit sets a version in package.json: pass --base <commit-ish>' };
  const version = release.root ?? release.server;
  const described = `${git('log', '-1', '--format=%h %as "%s"', release.commit)}, version ${version}`;
  try {
    git('merge-base', '--is-ancestor', OLDEST_BASE, release.commit);
  } catch {
    return {
      refused:
        `the last release is ${described}, older than the oldest build these paths run on ` +
        `(${git('log', '-1', '--format=%h %as', OLDEST_BASE)}): name a base with --base <commit-ish>, e.g. --base main`,
    };
  }
  return { commit: release.commit, why: `the last release: ${described}` };
}

async function main(): Promise<number> {
  const opts = options(process.argv.slice(2));
  if (opts.list) {
    for (const p of PATHS) console.log(`${p.id.padEnd(24)} ${p.title}`);
    return 0;
  }
  const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  const rounds = opts.quick ? 1 : env('BENCH_ROUNDS', 3);
  const settings: Settings = {
    seconds: opts.quick ? 2 : env('BENCH_DURATION', 4),
    warmup: opts.quick ? 1 : 2,
    connections: env('BENCH_CONNECTIONS', 50),
    starts: opts.quick ? 3 : 5,
    settleMs: (opts.quick ? 3 : env('BENCH_SETTLE', 10)) * 1000,
    idleConnections: opts.quick ? 2_000 : env('BENCH_IDLE', 10_000),
  };
  const threshold = env('BENCH_REGRESS_THRESHOLD', 5);
  const paths = opts.only ? PATHS.filter((p) => opts.only!.includes(p.id)) : PATHS;

  const base = baseCommit(opts.base);
  if ('refused' in base) {
    console.error(`bench:regress: ${base.refused}`);
    return 2;
  }
  requireBuild();
  const built = prepareBase(base.commit);
  const head = git('log', '-1', '--format=%h');
  const dirty = git('status', '--porcelain').length > 0;

  // the builds and the base's install used both cores; from here on this process is the load
  pinThisProcess(LOAD_CPU);
  const loadBefore = os.loadavg()[0];
  const rows: Row[] = [];
  const failures = new Map<BenchPath, string>();
  for (const path of paths) {
    try {
      rows.push(...(await runPath(path, [built.main, serverMain()], settings, rounds)));
    } catch (err) {
      say(`${path.id} failed: ${(err as Error).stack ?? String(err)}`);
      failures.set(path, (err as Error).message);
    }
  }

  console.log(`\n## Regressions against the base (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)\n`);
  console.log(`- base: ${git('log', '-1', '--format=%h %as "%s"', base.commit)} (${base.why}); ${built.how}`);
  console.log(`- new: the working tree at ${head}${dirty ? ', with uncommitted changes' : ''}`);
  console.log(
    `- ${os.cpus().length} cores, Node ${process.version}; servers on core ${SERVER_CPU}, load on core ${LOAD_CPU}; ` +
      `${rounds === 1 ? '1 round' : `median of ${rounds} alternating rounds`} (base, new) of ${settings.seconds} s per ` +
      `load, ${settings.connections} connections${opts.quick ? ' (--quick)' : ''}; load average ${loadBefore.toFixed(1)} ` +
      `at the start, ${os.loadavg()[0].toFixed(1)} at the end`,
  );
  console.log(
    `- base and new: medians of the rounds; new/base: the median of the rounds' ratios (each round's new run ` +
      `against the base run just before it); "better" says which way is better; ⚠ marks a figure more than ` +
      `${threshold} % worse (figures marked "not flagged" are shown only)\n`,
  );
  for (const line of tableLines(rows, failures, threshold)) console.log(line);
  const worse = rows.filter((r) => flagged(r, threshold));
  console.log('');
  if (worse.length) {
    const named = worse.map(
      (r) => `${r.path.id} ${r.metric.label} (${worsePercent(r.metric, ratioOf(r)).toFixed(1)} % worse)`,
    );
    console.log(
      `REGRESSION: ${worse.length} figure(s) more than ${threshold} % worse than the base: ${named.join('; ')}`,
    );
  } else {
    console.log(`No figure more than ${threshold} % worse than the base.`);
  }
  if (failures.size) console.log(`FAILED: ${[...failures.keys()].map((p) => p.id).join(', ')} could not be measured.`);
  return failures.size ? 2 : worse.length ? 1 : 0;
}

if (isMain(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(`bench:regress: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(2);
    },
  );
}
