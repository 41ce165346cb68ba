import { rmSync } from 'node:fs';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir, testSettings } from '../../../test/helpers.js';
import { buildApp, type App } from '../../app.js';

interface Line {
  level: number;
  msg: string;
  door?: string;
  type?: string;
  code?: number;
}

let app: App | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  app = dataDir = undefined;
});

/** A server as the process builds it (lazily, each port with its request log), logging at `level`. */
async function consoleAt(level: 'debug' | 'info') {
  const lines: Line[] = [];
  const logger = pino({ level, base: undefined }, { write: (line: string) => lines.push(JSON.parse(line) as Line) });
  dataDir = tempDataDir();
  app = await buildApp({ settings: testSettings(dataDir), logger, lazyHttp: true });
  const { console: url } = await app.listen();
  if (!url) throw new Error('the test app serves a console');
  return { lines, url };
}

const firstVisit = (url: string) => fetch(`${url}/rnacos/`, { redirect: 'manual' });
/** A finished response is logged on its `finish` event, which may come after the client has it. */
const logged = () => new Promise((r) => setTimeout(r, 50));

describe('the request log of a browser opening the console without a session', () => {
  it('is sent to the login page, and no refusal is logged at info', async () => {
    const { lines, url } = await consoleAt('info');
    const res = await firstVisit(url);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^\/rnacos\/.*login/);
    // a refusal on the same port is still told
    const bad = await fetch(`${url}/rnacos/api/console/v2/login/login`, {
      method: 'POST',
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    await logged();
    const refused = lines.filter((l) => l.msg.startsWith('refused a request'));
    expect(refused).toEqual([expect.objectContaining({ level: 30, code: bad.status })]);
    expect(lines.filter((l) => l.type === 'GET /rnacos/')).toEqual([]);
  });

  it('is logged at debug as a normal request', async () => {
    const { lines, url } = await consoleAt('debug');
    expect((await firstVisit(url)).status).toBe(302);
    await logged();
    expect(lines.filter((l) => l.type === 'GET /rnacos/')).toEqual([
      expect.objectContaining({ level: 20, msg: 'request', code: 302 }),
    ]);
  });
});
