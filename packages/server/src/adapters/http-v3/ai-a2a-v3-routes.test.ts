import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, form, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.dispose());

const PATH = '/nacos/v3/admin/ai/a2a';
const card = (version: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify(
    Object.assign(
      {
        name: 'travel-planner',
        description: 'plans trips',
        version,
        protocolVersion: '0.3.0',
        preferredTransport: 'JSONRPC',
        url: 'http://planner.example:8080/a2a',
        capabilities: { streaming: true },
        skills: [{ id: 'plan', name: 'Plan a trip', description: 'd', tags: ['travel'] }],
        defaultInputModes: ['text/plain'],
      },
      extra,
    ),
  );
const send = (method: 'POST' | 'PUT', fields: Record<string, string>) =>
  app.sdkHttp.inject(Object.assign({ method, url: PATH }, form(fields)));
const get = (url: string) => app.sdkHttp.inject({ method: 'GET', url });
const remove = (query: string) => app.sdkHttp.inject({ method: 'DELETE', url: `${PATH}?${query}` });

describe('/nacos/v3/admin/ai/a2a', () => {
  it('registers an agent, adds a version, serves the latest and any version, lists and deletes', async () => {
    const created = await send('POST', { agentCard: card('1.0.0') });
    expect(created.json()).toEqual({ code: 0, message: 'success', data: 'ok' });
    const added = await send('PUT', { agentCard: card('2.0.0', { description: 'plans more' }) });
    expect(added.json().data).toBe('ok');

    const latest = (await get(`${PATH}?agentName=travel-planner`)).json().data;
    expect(latest).toMatchObject({
      name: 'travel-planner',
      version: '1.0.0',
      url: 'http://planner.example:8080/a2a',
      registrationType: 'URL',
      latestVersion: true,
      skills: [{ id: 'plan' }],
      defaultOutputModes: [],
    });
    const second = (await get(`${PATH}?agentName=travel-planner&version=2.0.0`)).json().data;
    expect(second).toMatchObject({ description: 'plans more', latestVersion: false });

    const versions = (await get(`${PATH}/version/list?agentName=travel-planner`)).json().data;
    expect(versions.map((v: { version: string; latest: boolean }) => [v.version, v.latest])).toEqual([
      ['1.0.0', true],
      ['2.0.0', false],
    ]);
    expect(versions[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    expect((await send('PUT', { agentCard: card('2.0.0'), setAsLatest: 'true' })).statusCode).toBe(200);
    const list = (await get(`${PATH}/list?agentName=travel&search=blur`)).json().data;
    expect(list).toMatchObject({
      totalCount: 1,
      pageNumber: 1,
      pageItems: [{ name: 'travel-planner', latestPublishedVersion: '2.0.0', version: '2.0.0' }],
    });
    expect(list.pageItems[0].versionDetails).toHaveLength(2);
    expect((await get(`${PATH}/list?agentName=travel`)).json().data.totalCount).toBe(0);
    expect((await get(`${PATH}/list?namespaceId=dev`)).json().data.totalCount).toBe(0);

    expect((await remove('agentName=travel-planner&version=1.0.0')).json().data).toBe('ok');
    expect((await get(`${PATH}?agentName=travel-planner`)).json().data.version).toBe('2.0.0');
    expect((await remove('agentName=travel-planner')).json().data).toBe('ok');
    expect((await get(`${PATH}?agentName=travel-planner`)).statusCode).toBe(404);
    const audit = await app.core.audit.list({ action: 'ai.a2a.' }, 0, 10);
    expect(audit.items.map((e) => e.action).sort()).toEqual([
      'ai.a2a.create',
      'ai.a2a.delete',
      'ai.a2a.delete',
      'ai.a2a.update',
      'ai.a2a.update',
    ]);
  });

  it('answers nacos codes for what is missing, taken, malformed or too large', async () => {
    const other = (version: string, extra: Record<string, unknown> = {}) =>
      card(version, Object.assign({ name: 'other' }, extra));
    expect((await send('POST', { agentCard: other('1.0.0') })).statusCode).toBe(200);
    const taken = await send('POST', { agentCard: other('1.0.0') });
    expect([taken.statusCode, taken.json().code]).toEqual([409, 20005]);
    const missing = await get(`${PATH}?agentName=nobody`);
    expect([missing.statusCode, missing.json().code, missing.json().data]).toEqual([
      404,
      50100,
      'Agent not found: nobody',
    ]);
    const noVersion = await get(`${PATH}?agentName=other&version=9`);
    expect([noVersion.statusCode, noVersion.json().code]).toEqual([404, 50101]);
    const notThere = await send('PUT', { agentCard: card('1.0.0', { name: 'nobody' }) });
    expect([notThere.statusCode, notThere.json().code]).toEqual([404, 50100]);
    expect((await get(`${PATH}/version/list?agentName=nobody`)).json().code).toBe(50100);
    expect((await get(PATH)).json()).toMatchObject({ code: 10000 });
    expect((await send('POST', {})).json()).toMatchObject({ code: 10000 });
    expect((await get(`${PATH}/list?search=fuzzy`)).statusCode).toBe(400);

    const refused = async (fields: Record<string, string>) => {
      const res = await send('POST', fields);
      return [res.statusCode, res.json().data as string];
    };
    expect(await refused({ agentCard: '{"name":' })).toEqual([400, 'agentCard is not valid JSON']);
    expect(await refused({ agentCard: card('1.0.0', { url: undefined }) })).toEqual([
      400,
      'Required parameter `agentCard.url` not present',
    ]);
    expect(await refused({ agentCard: card('1.0.0', { name: 'x'.repeat(257) }) })).toEqual([
      400,
      'agentCard.name is longer than 256 characters',
    ]);
    expect(await refused({ agentCard: card('v'.repeat(65)) })).toEqual([
      400,
      'agentCard.version is longer than 64 characters',
    ]);
    const skills = Array.from({ length: 101 }, (_, i) => ({ id: `s${i}`, name: 's' }));
    expect(await refused({ agentCard: card('1.0.0', { name: 'many', skills }) })).toEqual([
      400,
      'agentCard.skills: at most 100 skills',
    ]);
    const [status, message] = await refused({ agentCard: card('1.0.0', { description: 'x'.repeat(270_000) }) });
    expect([status, message]).toEqual([400, 'agentCard is larger than 262144 bytes']);
    const badType = await refused({ agentCard: card('1.0.0', { name: 'typed' }), registrationType: 'DNS' });
    expect(badType[0]).toBe(400);
    expect(badType[1]).toMatch(/registrationType/);
    // names the naming service could not hold as the service of its endpoints
    for (const name of ['a@@b', 'travel planner']) {
      const [code, text] = await refused({ agentCard: card('1.0.0', { name }) });
      expect([code, text]).toEqual([400, expect.stringContaining('agentCard.name')]);
    }
  });
});
