import { afterEach, describe, expect, it } from 'vitest';
import { grpcKit, type GrpcKit } from '../../../../test/grpc-kit.js';

let kit: GrpcKit;
afterEach(() => kit?.dispose());

describe('ServerCheckRequest', () => {
  it('is answered before the client has a stream, with the id its stream will get', async () => {
    kit = await grpcKit();
    const newPeer = '10.0.0.8:40001';
    const reply = await kit.call('ServerCheckRequest', { module: 'internal', requestId: 'r1' }, { peer: newPeer });
    expect(reply.type).toBe('ServerCheckResponse');
    expect(reply.body).toMatchObject({
      resultCode: 200,
      errorCode: 0,
      success: true,
      requestId: 'r1',
      supportAbilityNegotiation: true,
    });
    expect(reply.body.connectionId).toMatch(/^\d+_10\.0\.0\.8_40001$/);

    const { conn } = kit.openConnection(newPeer);
    expect(conn.id).toBe(reply.body.connectionId);
  });

  it('on an open connection reports that connection', async () => {
    kit = await grpcKit();
    const reply = await kit.call('ServerCheckRequest');
    expect(reply.body.connectionId).toBe(kit.conn.id);
  });
});
