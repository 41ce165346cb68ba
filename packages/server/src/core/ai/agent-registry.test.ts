import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { parseAgentCard } from './agent-card-input.js';
import { agentDetailInfo, agentListItem } from './agent-card-view.js';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.dispose();
  app = undefined;
});

const card = (version: string, extra: Record<string, unknown> = {}) =>
  parseAgentCard(
    JSON.stringify(
      Object.assign(
        {
          name: 'helper',
          version,
          protocolVersion: '0.3.0',
          preferredTransport: 'JSONRPC',
          url: 'http://agents.example:8080/a2a',
          skills: [{ id: 'qa', name: 'Q&A', description: 'answers', tags: ['faq'] }],
        },
        extra,
      ),
    ),
  );

describe('the AI registry of agents', () => {
  it('keeps an agent with its versions across restarts, one of them the latest', async () => {
    app = await buildTestApp();
    const agents = app.core.agentRegistry;
    await agents.create('public', card('1.0.0'), 'URL');
    await agents.update('public', card('1.1.0', { description: 'newer' }), undefined, false);
    const dataDir = app.dataDir;
    await app.close();
    app = await buildTestApp({ dataDir });
    const agent = app.core.agentRegistry.find('public', 'helper')!;
    expect(agent.latestVersion).toBe('1.0.0');
    expect(agent.versions.map((v) => [v.version, v.registrationType])).toEqual([
      ['1.0.0', 'URL'],
      ['1.1.0', 'URL'],
    ]);
    expect(agentListItem(agent)).toMatchObject({ version: '1.0.0', latestPublishedVersion: '1.0.0' });
    await app.core.agentRegistry.update('public', card('1.1.0'), 'SERVICE', true);
    const again = app.core.agentRegistry.find('public', 'helper')!;
    expect([again.latestVersion, again.versions[1].registrationType]).toEqual(['1.1.0', 'SERVICE']);
  });

  it('serves a SERVICE agent at one of its registered endpoints, preferring its transport', async () => {
    app = await buildTestApp();
    const agents = app.core.agentRegistry;
    await agents.create('public', card('1.0.0'), 'SERVICE');
    const key = agents.endpoints.serviceOf('public', 'helper', '1.0.0');
    expect(key).toEqual({ namespaceId: 'public', groupName: 'agent-endpoints', serviceName: 'helper::1.0.0' });
    const agent = () => agents.find('public', 'helper')!;
    // no endpoint yet: the card as stored
    expect(agentDetailInfo(agents.endpoints, agent(), agent().versions[0], undefined).url).toBe(
      'http://agents.example:8080/a2a',
    );
    const base = { address: '10.0.0.7', port: 9000, path: '/a2a', supportTls: false };
    await agents.endpoints.register('conn-1', key, Object.assign({ transport: 'GRPC' }, base));
    await agents.endpoints.register(
      'conn-1',
      key,
      Object.assign({}, base, { port: 9443, transport: 'JSONRPC', supportTls: true }),
    );
    const detail = agentDetailInfo(agents.endpoints, agent(), agent().versions[0], undefined);
    expect(detail).toMatchObject({
      url: 'https://10.0.0.7:9443/a2a',
      preferredTransport: 'JSONRPC',
      registrationType: 'SERVICE',
      latestVersion: true,
    });
    expect(detail.additionalInterfaces).toHaveLength(2);
    // read as URL, the stored address
    expect(agentDetailInfo(agents.endpoints, agent(), agent().versions[0], 'URL').url).toBe(
      'http://agents.example:8080/a2a',
    );
  });

  it('refuses a second agent of the same name; a release of an existing version changes nothing', async () => {
    app = await buildTestApp();
    const agents = app.core.agentRegistry;
    expect(await agents.release('public', card('1.0.0'), 'URL', false)).toBe('created');
    await expect(agents.create('public', card('2.0.0'), 'URL')).rejects.toThrow(/already exist/);
    expect(await agents.release('public', card('1.0.0', { description: 'changed' }), 'URL', true)).toBe('exists');
    expect(agents.find('public', 'helper')!.versions[0].card.description).toBe('');
    expect(await agents.release('public', card('2.0.0'), 'URL', true)).toBe('added');
    expect(agents.find('public', 'helper')!.latestVersion).toBe('2.0.0');
    await agents.create('dev', card('1.0.0'), 'URL');
    expect(agents.list('dev', 'help', 'blur')).toHaveLength(1);
    expect(agents.list('public', 'help', 'accurate')).toHaveLength(0);
  });

  it('removes a version (the latest leaves none), and the agent with its last one', async () => {
    app = await buildTestApp();
    const agents = app.core.agentRegistry;
    await agents.create('public', card('1.0.0'), 'URL');
    await agents.update('public', card('2.0.0'), undefined, true);
    await agents.remove('public', 'helper', '2.0.0');
    expect(agents.find('public', 'helper')).toMatchObject({ latestVersion: '', versions: [{ version: '1.0.0' }] });
    await agents.remove('public', 'helper', '1.0.0');
    expect(agents.find('public', 'helper')).toBeUndefined();
    await expect(agents.remove('public', 'helper')).resolves.toBeUndefined();
  });

  it('refuses cards that lack a required field, are too large or carry too many skills', () => {
    const parse = (doc: unknown) => () => parseAgentCard(JSON.stringify(doc));
    const whole = { name: 'a', version: '1', protocolVersion: '0.3.0', preferredTransport: 'JSONRPC', url: 'http://x' };
    expect(parse(Object.assign({}, whole, { url: '' }))).toThrow('Required parameter `agentCard.url` not present');
    expect(parse(Object.assign({}, whole, { name: 'n'.repeat(300) }))).toThrow(/agentCard.name is longer than 256/);
    expect(parse(Object.assign({}, whole, { description: 'x'.repeat(300_000) }))).toThrow(/larger than 262144 bytes/);
    const skills = Array.from({ length: 101 }, (_, i) => ({ id: `s${i}`, name: 's' }));
    expect(parse(Object.assign({}, whole, { skills }))).toThrow(/at most 100 skills/);
    expect(parse(Object.assign({}, whole, { skills: 'all' }))).toThrow(/agentCard.skills must be an array/);
    expect(() => parseAgentCard('{"name":')).toThrow('agentCard is not valid JSON');
  });
});
