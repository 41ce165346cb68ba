import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../shared/logger.js';
import { grpcKit, readReply, type GrpcKit } from '../../../test/grpc-kit.js';
import { dispatchRequest } from './request-dispatcher.js';

let kit: GrpcKit;
afterEach(() => kit?.dispose());

async function dispatchRaw(type: string, body: string) {
  const reply = await dispatchRequest(
    {
      handlers: kit.app.grpc.handlers,
      connections: kit.app.grpc.connections,
      apiAccess: kit.app.core.apiAccess,
      logger: createLogger('silent'),
    },
    { type, clientIp: '', headers: {}, body: Buffer.from(body) },
    kit.peer,
  );
  return readReply(reply);
}

describe('dispatchRequest', () => {
  it('answers an unknown type with ErrorResponse 302 naming the type', async () => {
    kit = await grpcKit();
    const reply = await kit.call('LockOperationRequest', {});
    expect(reply.type).toBe('ErrorResponse');
    expect(reply.body).toMatchObject({ resultCode: 500, errorCode: 302, success: false });
    expect(String(reply.body.message)).toContain('LockOperationRequest');
  });

  it('answers a malformed JSON body with an error, and the connection keeps working', async () => {
    kit = await grpcKit();
    for (const body of ['{"dataId": ', '[1,2]', '"text"', 'null']) {
      const reply = await dispatchRaw('ConfigQueryRequest', body);
      expect(reply.type).toBe('ErrorResponse');
      expect(reply.body).toMatchObject({ resultCode: 500, errorCode: 400, success: false });
      expect(String(reply.body.message)).toMatch(/malformed JSON body/);
    }
    const after = await dispatchRaw('ConfigQueryRequest', '{"dataId":"a","group":"G"}');
    expect(after.body.errorCode).toBe(300);
  });

  it('rejects requests of a peer with no connection (ErrorResponse 301)', async () => {
    kit = await grpcKit();
    const reply = await kit.call('ConfigQueryRequest', { dataId: 'a', group: 'G' }, { peer: '10.1.1.1:9' });
    expect(reply).toMatchObject({
      type: 'ErrorResponse',
      body: { errorCode: 301, message: 'Connection is unregistered.' },
    });
  });

  it('echoes the requestId and keeps success consistent with resultCode', async () => {
    kit = await grpcKit();
    const ok = await kit.call('HealthCheckRequest', { requestId: 'abc' });
    expect(ok.body).toMatchObject({ requestId: 'abc', resultCode: 200, success: true });
    const failed = await kit.call('ConfigQueryRequest', { requestId: 'def', dataId: 'missing', group: 'G' });
    expect(failed.body).toMatchObject({ requestId: 'def', resultCode: 500, success: false });
  });

  it('reports a field of the wrong type clearly', async () => {
    kit = await grpcKit();
    const reply = await kit.call('ConfigBatchListenRequest', { listen: 'maybe', configListenContexts: [] });
    expect(reply.body).toMatchObject({ errorCode: 400, message: 'listen must be true or false' });
  });
});
