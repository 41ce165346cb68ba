// The console's read of one config (GET /rnacos/api/console/v2/config/info on the console port, as its config
// editor asks for it) on tsnacos and r-nacos 0.8.5, measured as rnacos-compare.ts measures: each server
// pinned to core 0, the load (autocannon, 50 connections) on core 1, alternating rounds after a warm-up,
// server CPU per request. Both run with RNACOS_CONSOLE_ENABLE_CAPTCHA=false and are logged into the way
// their console page does it (captcha token, AES-encrypted password); the session cookie goes with every
// request. Run alone: BENCH_ONLY_CONSOLE=1 npm run bench:compare.
import { CONSOLE_LOGIN_ENV, consoleConfigPath, consoleSpaLogin } from './console-session.js';
import { hit, type Run, type Target } from './http-compare.js';
import { freePort, median, publishConfig, startServer, stopServer } from './lib.js';
import { startRnacos } from './rnacos.js';

const CONTENT = 'a: 1\nb: 2\n';
const CONNECTIONS = 50;
const WARMUP_S = 2;

interface ConsoleTarget extends Target {
  name: string;
  cookie: string;
  cleanup(): Promise<void>;
}

/** Whether the session reads bench.yaml back (a refused session is an HTTP 200 too). */
async function reads(consolePort: number, cookie: string): Promise<unknown> {
  const res = await fetch(`http://127.0.0.1:${consolePort}${consoleConfigPath('bench.yaml', 'BENCH')}`, {
    headers: { cookie },
  });
  const body = (await res.json()) as { data?: { value?: string } };
  return body.data?.value === CONTENT || body;
}

/** Seeds bench.yaml through the v1 API, logs in and checks the console reads it back. */
async function ready(
  name: string,
  child: Target['child'],
  port: number,
  consolePort: number,
  cleanup: () => Promise<void>,
): Promise<ConsoleTarget> {
  try {
    await publishConfig(`http://127.0.0.1:${port}`, 'bench.yaml', CONTENT);
    const cookie = await consoleSpaLogin(consolePort, child);
    const check = await reads(consolePort, cookie);
    if (check !== true) throw new Error(`${name} console config get: ${JSON.stringify(check)}`);
    return { name, child, port: consolePort, cookie, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

async function tsnacos(cpus: string): Promise<ConsoleTarget> {
  const consolePort = await freePort();
  const s = await startServer({ ...CONSOLE_LOGIN_ENV, RNACOS_HTTP_CONSOLE_PORT: String(consolePort) }, { cpus });
  return ready('tsnacos', s.child, s.port, consolePort, () => stopServer(s));
}

async function rnacos(cpus: string): Promise<ConsoleTarget | null> {
  const peer = await startRnacos({ cpus, env: CONSOLE_LOGIN_ENV });
  return peer && ready(peer.name, peer.child, peer.port, peer.consolePort!, () => peer.cleanup());
}

const cell = (r: Run) =>
  `${Math.round(r.rps)} req/s, ${Math.round(r.cpuUs)} µs CPU, p99 ${r.p99} ms${r.errors ? `, ${r.errors} errors` : ''}`;

/** Prints one row per round and the medians, with the ratios tsnacos / r-nacos of req/s and of CPU per request. */
export async function consoleCompare(cpus: string, rounds: number, seconds: number): Promise<void> {
  const targets = [await tsnacos(cpus)];
  try {
    const peer = await rnacos(cpus);
    if (peer) targets.push(peer);
    else console.log('r-nacos is not available: tsnacos alone');
    const path = consoleConfigPath('bench.yaml', 'BENCH');
    const load = (t: ConsoleTarget, s: number) =>
      hit(t, 'GET', () => path, { connections: CONNECTIONS, seconds: s, headers: { cookie: t.cookie } });
    for (const t of targets) await load(t, WARMUP_S);
    const runs = targets.map(() => [] as Run[]);
    for (let r = 0; r < rounds; r++)
      for (let k = 0; k < targets.length; k++) runs[k].push(await load(targets[k], seconds));
    for (const t of targets) {
      const check = await reads(t.port, t.cookie);
      if (check !== true)
        throw new Error(`${t.name}: the session no longer reads the config: ${JSON.stringify(check)}`);
    }
    console.log(
      `console config get (GET ${path.split('?')[0]}, console port, logged-in session): servers on core ${cpus}, ` +
        `load on core 1, ${CONNECTIONS} connections, ${rounds} alternating rounds of ${seconds} s`,
    );
    console.log(`| round | ${targets.map((t) => t.name).join(' | ')} | req/s ratio | CPU µs/req ratio |`);
    console.log(`|---|${targets.map(() => '---|').join('')}---|---|`);
    const ratio = (a: number, b: number | undefined) => (b ? (a / b).toFixed(2) : '');
    for (let r = 0; r < rounds; r++) {
      const row = runs.map((rs) => rs[r]);
      console.log(
        `| ${r + 1} | ${row.map(cell).join(' | ')} | ${ratio(row[0].rps, row[1]?.rps)} | ${ratio(row[0].cpuUs, row[1]?.cpuUs)} |`,
      );
    }
    const med = runs.map((rs) => ({
      rps: median(rs.map((x) => x.rps)),
      cpuUs: median(rs.map((x) => x.cpuUs)),
      p99: median(rs.map((x) => x.p99)),
      errors: rs.reduce((n, x) => n + x.errors, 0),
    }));
    console.log(
      `| median | ${med.map(cell).join(' | ')} | ${ratio(med[0].rps, med[1]?.rps)} | ${ratio(med[0].cpuUs, med[1]?.cpuUs)} |`,
    );
  } finally {
    for (const t of targets) await t.cleanup();
  }
}
