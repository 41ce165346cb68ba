import { afterEach, describe, expect, it } from 'vitest';
import { grpcKit, refusingGuard, type GrpcKit } from '../../../../test/grpc-kit.js';

let kit: GrpcKit;
afterEach(() => kit?.dispose());

const hasNull = (value: unknown): boolean =>
  value === null || (typeof value === 'object' && Object.values(value).some(hasNull));

describe('ConfigQueryRequest', () => {
  it('returns content, type and md5 of a config, whatever spelling of the default tenant', async () => {
    kit = await grpcKit();
    const { item } = await kit.app.core.configs.publish({
      namespaceId: '',
      group: 'APP',
      dataId: 'db.yaml',
      content: 'url: x',
      type: 'yaml',
    });
    for (const tenant of ['', 'public', undefined]) {
      const reply = await kit.call('ConfigQueryRequest', { dataId: 'db.yaml', group: 'APP', tenant, requestId: '7' });
      expect(reply.type).toBe('ConfigQueryResponse');
      expect(reply.body).toMatchObject({
        resultCode: 200,
        errorCode: 0,
        success: true,
        requestId: '7',
        content: 'url: x',
        contentType: 'yaml',
        md5: item.md5,
        lastModified: item.modifiedAt,
      });
      // Go and Python declare `tag` as bool, Java as a string: it is left out; nothing is ever null.
      expect(reply.body).not.toHaveProperty('tag');
      expect(hasNull(reply.body)).toBe(false);
    }
  });

  it('answers each new version of a config, then its removal, with the requestId of each call', async () => {
    kit = await grpcKit();
    const ask = (requestId: string) => kit.call('ConfigQueryRequest', { dataId: 'v.txt', group: 'APP', requestId });
    for (const content of ['one', 'two', 'three']) {
      const { item } = await kit.app.core.configs.publish({ namespaceId: '', group: 'APP', dataId: 'v.txt', content });
      for (const requestId of ['a', 'b']) {
        const reply = await ask(requestId);
        expect(reply.body).toMatchObject({ content, md5: item.md5, requestId, resultCode: 200, success: true });
      }
    }
    await kit.app.core.configs.remove({ namespaceId: '', group: 'APP', dataId: 'v.txt' });
    expect((await ask('c')).body).toMatchObject({ errorCode: 300, content: '', requestId: 'c' });
  });

  it('returns the encryptedDataKey published with the content ("" for a plain config)', async () => {
    kit = await grpcKit();
    const cipher = { namespaceId: '', group: 'APP', dataId: 'cipher-aes-db.yaml' };
    await kit.app.core.configs.publish({ ...cipher, content: 'b64-cipher', encryptedDataKey: 'ZGF0YS1rZXk=' });
    await kit.app.core.configs.publish({ namespaceId: '', group: 'APP', dataId: 'plain.yaml', content: 'a: 1' });
    const encrypted = await kit.call('ConfigQueryRequest', { dataId: cipher.dataId, group: 'APP' });
    expect(encrypted.body).toMatchObject({ success: true, content: 'b64-cipher', encryptedDataKey: 'ZGF0YS1rZXk=' });
    const plain = await kit.call('ConfigQueryRequest', { dataId: 'plain.yaml', group: 'APP' });
    expect(plain.body).toMatchObject({ success: true, encryptedDataKey: '' });
  });

  it('answers a missing config with the typed failure errorCode 300', async () => {
    kit = await grpcKit();
    const reply = await kit.call('ConfigQueryRequest', { dataId: 'nope', group: 'APP', tenant: '' });
    expect(reply.type).toBe('ConfigQueryResponse');
    expect(reply.body).toMatchObject({ resultCode: 500, errorCode: 300, success: false, content: '', md5: '' });
    expect(hasNull(reply.body)).toBe(false);
  });

  it('keeps namespaces apart', async () => {
    kit = await grpcKit();
    await kit.app.core.configs.publish({ namespaceId: 'dev', group: 'APP', dataId: 'a', content: 'dev' });
    expect((await kit.call('ConfigQueryRequest', { dataId: 'a', group: 'APP', tenant: 'dev' })).body.content).toBe(
      'dev',
    );
    expect((await kit.call('ConfigQueryRequest', { dataId: 'a', group: 'APP', tenant: '' })).body.errorCode).toBe(300);
  });

  it('rejects an invalid dataId with a typed 400', async () => {
    kit = await grpcKit();
    const reply = await kit.call('ConfigQueryRequest', { dataId: 'bad id!', group: 'APP' });
    expect(reply.type).toBe('ConfigQueryResponse');
    expect(reply.body).toMatchObject({ resultCode: 500, errorCode: 400, success: false });
    expect(String(reply.body.message)).toMatch(/dataId/);
  });

  it('asks the access guard with the accessToken header, and answers a refusal with a typed 403', async () => {
    kit = await grpcKit();
    const guard = refusingGuard();
    const reply = await kit.call(
      'ConfigQueryRequest',
      { dataId: 'a', group: 'APP', tenant: 'public' },
      { guard, headers: { accessToken: 'tok' } },
    );
    expect(reply.type).toBe('ConfigQueryResponse');
    expect(reply.body).toMatchObject({
      resultCode: 500,
      errorCode: 403,
      success: false,
      message: 'Validate Identity failed.',
    });
    expect(guard.asked).toEqual([
      { credentials: { accessToken: 'tok' }, resource: { namespaceId: '', action: 'read' } },
    ]);
  });
});
