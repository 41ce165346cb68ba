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

  it('stores additionMap.encryptedDataKey with the content, and a publish without one stores none', async () => {
    kit = await grpcKit();
    const cipher = { ...key, dataId: 'cipher-aes-app.json' };
    const publish = (content: string, encryptedDataKey: string | null) =>
      kit.call('ConfigPublishRequest', {
        dataId: cipher.dataId,
        group: 'APP',
        content,
        additionMap: { encryptedDataKey, type: 'json' },
      });
    expect((await publish('c1', 'a2V5LTE=')).body.success).toBe(true);
    expect(kit.app.core.configs.get(cipher)).toMatchObject({ content: 'c1', encryptedDataKey: 'a2V5LTE=' });
    // the same content under another key is a new version (the md5 is of the content only)
    expect((await publish('c1', 'a2V5LTI=')).body.success).toBe(true);
    expect(kit.app.core.configs.get(cipher)).toMatchObject({ content: 'c1', encryptedDataKey: 'a2V5LTI=' });
    const history = await kit.app.core.configs.history(cipher, 0, 10);
    expect(history.items.map((h) => [h.op, h.encryptedDataKey])).toEqual([
      ['U', 'a2V5LTI='],
      ['I', 'a2V5LTE='],
    ]);
    expect((await publish('plain', null)).body.success).toBe(true);
    expect(kit.app.core.configs.get(cipher)?.encryptedDataKey).toBe('');
  });

  it('refuses an encryptedDataKey over 1024 characters or outside printable ASCII with a typed 400', async () => {
    kit = await grpcKit();
    for (const encryptedDataKey of ['k'.repeat(1025), 'line\nbreak', 'clé']) {
      const reply = await kit.call('ConfigPublishRequest', {
        dataId: 'app.json',
        group: 'APP',
        content: 'x',
        additionMap: { encryptedDataKey },
      });
      expect(reply).toMatchObject({
        type: 'ConfigPublishResponse',
        body: { resultCode: 500, errorCode: 400, success: false },
      });
      expect(reply.body.message).toMatch(/encryptedDataKey/);
    }
    expect(kit.app.core.configs.get(key)).toBeUndefined();
    const longest = await kit.call('ConfigPublishRequest', {
      dataId: 'app.json',
      group: 'APP',
      content: 'x',
      additionMap: { encryptedDataKey: 'k'.repeat(1024) },
    });
    expect(longest.body.success).toBe(true);
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
      { dataId: 'app.json', group: 'APP', content: 'x', additionMap: { betaIps: ' ,, ' } },
      { dataId: 'app.json', group: 'APP', content: 'x', additionMap: { tag: 'bad tag' } },
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
