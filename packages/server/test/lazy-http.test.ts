import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { createLogger } from '../src/shared/logger.js';
import { tempDataDir, testSettings } from './helpers.js';
import { waitUntil } from './interop/wait-until.js';

/** The app as the process builds it: routes and console built on the first request that needs them. */
let app: App | undefined;
let dataDir = '';
afterEach(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('lazily built HTTP routes', () => {
  it('serve probes and reads at once, build the routes for a write, and answer held polls on close', async () => {
    dataDir = tempDataDir();
    app = await buildApp({ settings: testSettings(dataDir), logger: createLogger('silent'), lazyHttp: true });
    expect(app.sdkHttp).toBeNull();
    expect(app.consoleHttp).toBeNull();
    const urls = await app.listen();
    const get = () => fetch(`${urls.http}/nacos/v1/cs/configs?dataId=a&group=G`);
    expect(await (await fetch(`${urls.http}/nacos/v1/console/health/readiness`)).text()).toBe('OK');
    expect((await get()).status).toBe(404);
    // the first writes arrive together and wait for the routes being built
    const publish = (dataId: string, content: string) =>
      fetch(`${urls.http}/nacos/v1/cs/configs`, {
        method: 'POST',
        headers: form,
        body: new URLSearchParams({ dataId, group: 'G', content }),
      }).then((res) => res.text());
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => publish(i === 0 ? 'a' : `c${i}`, 'v1')));
    expect(answers).toEqual(Array(50).fill('true'));
    expect(await (await get()).text()).toBe('v1');
    expect(app.core.configs.count()).toBe(50);
    expect((await fetch(`${urls.console}/rnacos/api/console/v2/namespaces/list`)).status).toBe(200);
    const held = fetch(`${urls.http}/nacos/v1/cs/configs/listener`, {
      method: 'POST',
      headers: { ...form, 'Long-Pulling-Timeout': '30000' },
      body: new URLSearchParams({ 'Listening-Configs': 'b\u0002G\u0002\u0001' }),
    });
    // closed once the poll is held (it watches key b), however long a loaded machine takes to get there
    await waitUntil('the long-poll is held', () => app!.core.configs.watcherCount() > 0);
    const closing = app.close();
    const answer = await held;
    expect([answer.status, await answer.text()]).toEqual([200, '']);
    await closing;
    app = undefined;
  });
});
