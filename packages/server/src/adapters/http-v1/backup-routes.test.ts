import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { decodeTransfer } from '../../core/transfer/transfer-codec.js';

const TOKEN = 'a-backup-token-of-at-least-32-characters';
const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.dispose()));
});

async function sdkApp(env: Record<string, string> = {}) {
  const app = await buildTestApp({ env });
  apps.push(app);
  return app;
}

describe('GET /rnacos/backup (r-nacos backup endpoint)', () => {
  it('is closed without RNACOS_BACKUP_TOKEN', async () => {
    const app = await sdkApp();
    const res = await app.sdkHttp.inject({ method: 'GET', url: `/rnacos/backup?token=${TOKEN}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe('backup api is not open');
  });

  it('refuses a missing or wrong token and serves the export file for the right one', async () => {
    const app = await sdkApp({ RNACOS_BACKUP_TOKEN: TOKEN });
    await app.core.configs.publish({ namespaceId: '', group: 'G', dataId: 'a.yaml', content: 'a: 1' });
    for (const url of ['/rnacos/backup', `/rnacos/backup?token=${TOKEN.slice(0, -1)}x`, `/rnacos/backup?token=`]) {
      const refused = await app.sdkHttp.inject({ method: 'GET', url });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body).toBe('backup token is not matched');
    }
    const res = await app.sdkHttp.inject({ method: 'GET', url: `/rnacos/backup?token=${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="rnacos_export_\d{13}\.data"$/);
    const { content } = await decodeTransfer([res.rawPayload]);
    expect(content.configs.map((c) => c.dataId)).toEqual(['a.yaml']);
    expect(content.users.map((u) => u.username)).toEqual(['admin']);
  });
});
