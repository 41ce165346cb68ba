import { afterEach, describe, expect, it } from 'vitest';
import { grpcKit, type GrpcKit } from '../../../../test/grpc-kit.js';

let kit: GrpcKit;
afterEach(() => kit?.dispose());

const key = { namespaceId: 'dev', groupName: 'G', serviceName: 'pay' };
const batch = (instances: object[], type = 'batchRegisterInstance') => ({
  namespace: 'dev',
  serviceName: 'pay',
  groupName: 'G',
  type,
  instances,
});
const inst = (port: number) => ({ ip: '10.1.0.1', port, ephemeral: true, clusterName: 'DEFAULT', metadata: {} });
const ports = () =>
  kit.app.core.naming
    .listInstances(key)
    .map((i) => i.port)
    .sort();

describe('BatchInstanceRequest', () => {
  it('replaces the connection set: a smaller batch deregisters the rest, an empty one all', async () => {
    kit = await grpcKit();
    const reply = await kit.call('BatchInstanceRequest', batch([inst(1), inst(2), inst(3)]));
    expect(reply).toMatchObject({
      type: 'BatchInstanceResponse',
      body: { success: true, type: 'batchRegisterInstance' },
    });
    expect(ports()).toEqual([1, 2, 3]);
    await kit.call('BatchInstanceRequest', batch([inst(2)]));
    expect(ports()).toEqual([2]);
    await kit.call('BatchInstanceRequest', batch([]));
    expect(ports()).toEqual([]);
  });

  it('changes nothing when one instance is invalid', async () => {
    kit = await grpcKit();
    await kit.call('BatchInstanceRequest', batch([inst(1)]));
    const reply = await kit.call('BatchInstanceRequest', batch([inst(2), { ip: '10.1.0.1', port: -1 }]));
    expect(reply).toMatchObject({ type: 'ErrorResponse', body: { resultCode: 400, errorCode: 400, success: false } });
    expect(ports()).toEqual([1]);
  });

  it('refuses other operation types and persistent instances', async () => {
    kit = await grpcKit();
    expect((await kit.call('BatchInstanceRequest', batch([inst(1)], 'batchDeregisterInstance'))).body.errorCode).toBe(
      400,
    );
    expect((await kit.call('BatchInstanceRequest', batch([{ ...inst(1), ephemeral: false }]))).body.errorCode).toBe(
      400,
    );
    expect(ports()).toEqual([]);
  });

  it('refuses ephemeral instances in a persistent service as an ErrorResponse with nacos wording', async () => {
    kit = await grpcKit();
    await kit.app.core.naming.registerInstance(key, { ip: '10.1.0.9', port: 9, ephemeral: false });
    const reply = await kit.call('BatchInstanceRequest', batch([inst(1)]));
    expect(reply).toMatchObject({
      type: 'ErrorResponse',
      body: {
        errorCode: 400,
        message: "Current service G@@pay is persistent service, can't batch register ephemeral instance.",
      },
    });
    expect(ports()).toEqual([9]);
  });
});
