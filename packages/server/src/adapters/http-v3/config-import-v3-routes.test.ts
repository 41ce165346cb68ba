import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningTestApp, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
let base: string;
beforeAll(async () => {
  ({ app, base } = await listeningTestApp());
  await app.core.namespaces.add({ namespaceId: 'dev', namespaceName: 'dev' });
});
afterAll(() => app.dispose());

const zipOf = (files: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, new TextEncoder().encode(text)])));

/** A multipart upload over a real socket, as nacos-maintainer-client and curl -F send it. */
async function upload(query: string, file: Uint8Array | undefined) {
  const body = new FormData();
  if (file) body.append('file', new Blob([new Uint8Array(file)]), 'configs.zip');
  else body.append('note', 'no file');
  const res = await fetch(`${base}/nacos/v3/admin/cs/config/import?${query}`, { method: 'POST', body });
  return { status: res.status, json: await res.json() };
}

describe('/nacos/v3/admin/cs/config/import', () => {
  it('imports a config zip into the namespace named, aborting on a conflict by default', async () => {
    const zip = zipOf({ 'G/app.yaml': 'a: 1', 'H/b.properties': 'b=2' });
    const first = await upload('namespaceId=dev', zip);
    expect(first.json).toMatchObject({ code: 0, data: { succCount: 2, skipCount: 0 } });
    expect(app.core.configs.get({ namespaceId: 'dev', group: 'G', dataId: 'app.yaml' })).toMatchObject({
      content: 'a: 1',
      type: 'yaml',
    });
    const again = await upload('namespaceId=dev', zipOf({ 'G/app.yaml': 'a: 2', 'G/new.txt': 'n' }));
    expect(again.json.data).toMatchObject({ succCount: 0, skipData: [{ dataId: 'app.yaml', group: 'G' }] });
    expect(app.core.configs.get({ namespaceId: 'dev', group: 'G', dataId: 'new.txt' })).toBeUndefined();
    const overwrite = await upload('namespaceId=dev&policy=OVERWRITE', zipOf({ 'G/app.yaml': 'a: 3' }));
    expect(overwrite.json.data.succCount).toBe(1);
    expect(app.core.configs.get({ namespaceId: 'dev', group: 'G', dataId: 'app.yaml' })?.content).toBe('a: 3');
  });

  it('refuses a damaged zip, no file, an unknown namespace and no namespaceId, in the envelope', async () => {
    const damaged = await upload('namespaceId=dev', new TextEncoder().encode('not a zip'));
    expect(damaged.status).toBe(400);
    expect(damaged.json.code).toBe(100004);
    const none = await upload('namespaceId=dev', undefined);
    expect(none.json.code).toBe(100005);
    expect((await upload('namespaceId=nope', zipOf({ 'G/x': 'x' }))).json.code).toBe(22001);
    expect((await upload('', zipOf({ 'G/x': 'x' }))).json.code).toBe(10000);
    const form = await app.sdkHttp.inject({ method: 'POST', url: '/nacos/v3/admin/cs/config/import?namespaceId=dev' });
    expect(form.json().code).toBe(100005);
  });
});
