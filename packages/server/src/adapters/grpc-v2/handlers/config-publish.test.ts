import { afterEach, describe, expect, it } from 'vitest';
import { grpcKit, refusingGuard, type GrpcKit } from '../../../../test/grpc-kit.js';

let kit: GrpcKit;
afterEach(() => kit?.dispose());

const key = { namespaceId: '', group: 'APP', dataId: 'app.json' };

describe('ConfigPublishRequest', () => {
  it('stores the content and the attributes of additionMap, ignoring the null values Java sends', async () => {
    kit = await grpcKit();
    const reply = await kit.call('ConfigPublishRequest', {
      dataId: 'app.json',
      group: 'APP',
      tenant: 'public',
      content: '{"a":1}',
      casMd5: null,
      additionMap: {
        type: 'json',
        appName: 'orders',
        tag: null,
        betaIps: null,
        encryptedDataKey: null,
        desc: 'd',
        config_tags: 't1',
      },
    });
    expect(reply).toMatchObject({
      type: 'ConfigPublishResponse',
      body: { resultCode: 200, errorCode: 0, success: true },
    });
    expect(kit.app.core.configs.get(key)).toMatchObject({
      content: '{"a":1}',
      type: 'json',
      appName: 'orders',
      desc: 'd',
      configTags: 't1',
    });
  });

  it('publishes with compare-and-set only over the current md5', async () => {
    kit = await grpcKit();
    const { item } = await kit.app.core.configs.publish({ ...key, content: 'one' });
    const stale = await kit.call('ConfigPublishRequest', {
      dataId: 'app.json',
      group: 'APP',
      content: 'two',
      casMd5: 'not-the-md5',
    });
    expect(stale.body).toMatchObject({ resultCode: 500, success: false });
    expect(kit.app.core.configs.get(key)?.content).toBe('one');
    const fresh = await kit.call('ConfigPublishRequest', {
      dataId: 'app.json',
      group: 'APP',
      content: 'two',
      casMd5: item.md5,
    });
    expect(fresh.body.success).toBe(true);
    expect(kit.app.core.configs.get(key)?.content).toBe('two');
  });

  it('refuses what it cannot store faithfully, with a typed 400', async () => {
    kit = await grpcKit();
    for (const body of [
      { dataId: 'app.json', group: 'APP' },
      { dataId: 'app.json', group: 'APP', content: '   ' },
      { dataId: 'app.json', group: 'APP', content: 'x', additionMap: { betaIps: '10.0.0.1' } },
      { dataId: 'app.json', group: 'APP', content: 'x', additionMap: { tag: 'gray' } },
      { dataId: 'app.json', group: 'APP', content: 42 as unknown as string, additionMap: 'oops' },
    ]) {
      const reply = await kit.call('ConfigPublishRequest', body);
      expect(reply).toMatchObject({
        type: 'ConfigPublishResponse',
        body: { resultCode: 500, errorCode: 400, success: false },
      });
    }
    expect(kit.app.core.configs.get(key)).toBeUndefined();
  });

  it('refuses content whose bytes are not UTF-8 with a typed 400, storing nothing', async () => {
    kit = await grpcKit();
    const json = Buffer.from('{"requestId":"r1","dataId":"app.json","group":"APP","content":"caf#"}');
    json[json.indexOf('#')] = 0xe9; // "café" in Latin-1
    const reply = await kit.call('ConfigPublishRequest', {}, { bodyBytes: json });
    expect(reply).toMatchObject({
      type: 'ConfigPublishResponse',
      body: { resultCode: 500, errorCode: 400, success: false, requestId: 'r1' },
    });
    expect(reply.body.message).toContain('not valid UTF-8');
    expect(kit.app.core.configs.get(key)).toBeUndefined();
  });

  it('is a write for the access guard', async () => {
    kit = await grpcKit();
    const guard = refusingGuard();
    const reply = await kit.call(
      'ConfigPublishRequest',
      { dataId: 'app.json', group: 'APP', tenant: 'dev', content: 'x' },
      { guard },
    );
    expect(reply.body).toMatchObject({ errorCode: 403, success: false });
    expect(guard.asked).toEqual([
      { credentials: { accessToken: undefined }, resource: { namespaceId: 'dev', action: 'write' } },
    ]);
    expect(kit.app.core.configs.get({ ...key, namespaceId: 'dev' })).toBeUndefined();
  });
});
