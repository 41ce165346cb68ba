import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../shared/clock.js';
import { grpcKit, refusingGuard, type GrpcKit } from '../../../../test/grpc-kit.js';

let kit: GrpcKit;
afterEach(() => kit?.dispose());

describe('HealthCheckRequest', () => {
  it('succeeds on a registered connection and refreshes its last-active time', async () => {
    const clock = new ManualClock();
    kit = await grpcKit({ clock });
    clock.advance(4_000);
    // Exempt from auth: a refusing guard changes nothing.
    const reply = await kit.call('HealthCheckRequest', { module: 'internal' }, { guard: refusingGuard() });
    expect(reply).toEqual({
      type: 'HealthCheckResponse',
      body: { resultCode: 200, errorCode: 0, message: '', requestId: '', success: true },
    });
    expect(kit.app.core.connections.get(kit.conn.id)?.lastActiveAt).toBe(clock.now());
  });

  it('tells a client without a connection to reconnect (ErrorResponse 301)', async () => {
    kit = await grpcKit();
    const reply = await kit.call('HealthCheckRequest', {}, { peer: '10.9.9.9:1' });
    expect(reply.type).toBe('ErrorResponse');
    expect(reply.body).toMatchObject({ resultCode: 500, errorCode: 301, success: false });
  });
});
