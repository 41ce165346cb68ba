import { afterEach, describe, expect, it } from 'vitest';
import { md5Hex } from '../../../core/config/config-model.js';
import { grpcKit, type GrpcKit } from '../../../../test/grpc-kit.js';

let kit: GrpcKit;
afterEach(() => kit?.dispose());

const listen = (contexts: object[], listen = true) => ({ listen, configListenContexts: contexts, module: 'config' });

describe('ConfigBatchListenRequest', () => {
  it('reports the configs whose md5 differs, echoing the keys exactly as the client sent them', async () => {
    kit = await grpcKit();
    await kit.app.core.configs.publish({ namespaceId: '', group: 'APP', dataId: 'same', content: 'v' });
    await kit.app.core.configs.publish({ namespaceId: '', group: 'APP', dataId: 'changed', content: 'new' });
    const reply = await kit.call(
      'ConfigBatchListenRequest',
      listen([
        { dataId: 'same', group: 'APP', tenant: 'public', md5: md5Hex('v') },
        { dataId: 'changed', group: 'APP', tenant: 'public', md5: md5Hex('old') },
        { dataId: 'absent', group: 'APP', tenant: '', md5: '' },
        { dataId: 'deleted', group: 'APP', tenant: '', md5: md5Hex('was here') },
      ]),
    );
    expect(reply.type).toBe('ConfigChangeBatchListenResponse');
    expect(reply.body).toMatchObject({ resultCode: 200, success: true });
    expect(reply.body.changedConfigs).toEqual([
      { dataId: 'changed', group: 'APP', tenant: 'public' },
      { dataId: 'deleted', group: 'APP', tenant: '' },
    ]);
  });

  it('holds a change published while the listen answer is on its way, and pushes it once after the answer', async () => {
    kit = await grpcKit();
    const reply = await kit.call(
      'ConfigBatchListenRequest',
      listen([{ dataId: 'race', group: 'APP', tenant: '', md5: '' }]),
      { holdAfterReply: true },
    );
    expect(reply.body.changedConfigs).toEqual([]);
    await kit.app.core.configs.publish({ namespaceId: '', group: 'APP', dataId: 'race', content: 'v1' });
    await kit.app.core.configs.publish({ namespaceId: '', group: 'APP', dataId: 'race', content: 'v2' });
    expect(kit.stream.messages).toEqual([]);
    for (const task of reply.afterReply ?? []) task();
    expect(kit.stream.messages).toMatchObject([{ type: 'ConfigChangeNotifyRequest', body: { dataId: 'race' } }]);
    // once released, changes go out at once again
    await kit.app.core.configs.publish({ namespaceId: '', group: 'APP', dataId: 'race', content: 'v3' });
    expect(kit.stream.messages).toHaveLength(2);
  });

  it('pushes ConfigChangeNotifyRequest with the client tenant on a change, until unlistened', async () => {
    kit = await grpcKit();
    await kit.call(
      'ConfigBatchListenRequest',
      listen([{ dataId: 'watched', group: 'APP', tenant: 'public', md5: '' }]),
    );
    await kit.app.core.configs.publish({ namespaceId: '', group: 'APP', dataId: 'watched', content: 'v1' });
    await kit.app.core.configs.publish({ namespaceId: '', group: 'APP', dataId: 'other', content: 'v1' });
    expect(kit.stream.messages).toEqual([
      {
        type: 'ConfigChangeNotifyRequest',
        body: {
          headers: {},
          requestId: expect.any(String),
          module: 'config',
          dataId: 'watched',
          group: 'APP',
          tenant: 'public',
        },
      },
    ]);

    await kit.call(
      'ConfigBatchListenRequest',
      listen([{ dataId: 'watched', group: 'APP', tenant: 'public', md5: '' }], false),
    );
    await kit.app.core.configs.publish({ namespaceId: '', group: 'APP', dataId: 'watched', content: 'v2' });
    expect(kit.stream.messages).toHaveLength(1);
  });

  it('forgets the listeners of a closed connection', async () => {
    kit = await grpcKit();
    const configs = kit.app.core.configs;
    await kit.call(
      'ConfigBatchListenRequest',
      listen([
        { dataId: 'a', group: 'APP', md5: '' },
        { dataId: 'b', group: 'APP', md5: '' },
      ]),
    );
    expect(configs.watcherCount()).toBe(2);
    kit.app.grpc.connections.close(kit.conn, 'test');
    expect(configs.watcherCount()).toBe(0);
    expect(kit.app.grpc.configListeners.listenedBy(kit.conn.id)).toEqual([]);
  });

  it('rejects a batch with an invalid key as a whole, registering nothing', async () => {
    kit = await grpcKit();
    const reply = await kit.call(
      'ConfigBatchListenRequest',
      listen([
        { dataId: 'ok', group: 'APP', md5: '' },
        { dataId: 'not ok!', group: 'APP', md5: '' },
      ]),
    );
    expect(reply).toMatchObject({ type: 'ErrorResponse', body: { resultCode: 400, errorCode: 400, success: false } });
    expect(kit.app.core.configs.watcherCount()).toBe(0);
  });
});
