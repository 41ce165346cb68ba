import { afterEach, describe, expect, it } from 'vitest';
import { grpcKit, refusingGuard, type GrpcKit } from '../../../../test/grpc-kit.js';

let kit: GrpcKit;
afterEach(() => kit?.dispose());

const key = { namespaceId: '', group: 'APP', dataId: 'gone.txt' };

describe('ConfigRemoveRequest', () => {
  it('removes the config; removing it again still succeeds', async () => {
    kit = await grpcKit();
    await kit.app.core.configs.publish({ ...key, content: 'x' });
    for (let i = 0; i < 2; i++) {
      const reply = await kit.call('ConfigRemoveRequest', { dataId: 'gone.txt', group: 'APP', tenant: '' });
      expect(reply).toMatchObject({
        type: 'ConfigRemoveResponse',
        body: { resultCode: 200, errorCode: 0, success: true },
      });
    }
    expect(kit.app.core.configs.get(key)).toBeUndefined();
  });

  it('leaves the config in place when the guard refuses', async () => {
    kit = await grpcKit();
    await kit.app.core.configs.publish({ ...key, content: 'x' });
    const reply = await kit.call(
      'ConfigRemoveRequest',
      { dataId: 'gone.txt', group: 'APP' },
      { guard: refusingGuard() },
    );
    expect(reply.body).toMatchObject({ resultCode: 500, errorCode: 403 });
    expect(kit.app.core.configs.get(key)?.content).toBe('x');
  });
});
