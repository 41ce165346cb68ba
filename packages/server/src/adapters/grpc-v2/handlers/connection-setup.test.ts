import { afterEach, describe, expect, it } from 'vitest';
import { grpcKit, type GrpcKit } from '../../../../test/grpc-kit.js';
import { handleConnectionSetup } from './connection-setup.js';

let kit: GrpcKit;
afterEach(() => kit?.dispose());

const javaSetup = {
  headers: {},
  module: 'internal',
  clientVersion: 'Nacos-Java-Client:v2.5.1',
  tenant: 'dev',
  labels: { source: 'sdk', module: 'config', AppName: 'orders', taskId: '0' },
  abilityTable: {},
};

describe('ConnectionSetupRequest', () => {
  it('records the client version, namespace, app name and labels', async () => {
    kit = await grpcKit();
    handleConnectionSetup(kit.app.grpc.connections, kit.conn, javaSetup, '192.168.1.20', {
      supportPersistentInstanceByGrpc: true,
      fuzzyWatch: true,
      mcp: true,
      agent: true,
    });
    expect(kit.app.core.connections.get(kit.conn.id)).toMatchObject({
      clientVersion: 'Nacos-Java-Client:v2.5.1',
      namespace: 'dev',
      appName: 'orders',
      clientIp: '192.168.1.20',
      remoteIp: '10.0.0.7',
      labels: { source: 'sdk', module: 'config', AppName: 'orders', taskId: '0' },
    });
  });

  it('answers a client that sent an ability table with SetupAckRequest carrying the server abilities', async () => {
    kit = await grpcKit();
    handleConnectionSetup(kit.app.grpc.connections, kit.conn, javaSetup, '', {
      supportPersistentInstanceByGrpc: true,
      fuzzyWatch: true,
      mcp: true,
      agent: true,
    });
    expect(kit.stream.messages).toEqual([
      {
        type: 'SetupAckRequest',
        body: {
          headers: {},
          requestId: '',
          module: 'internal',
          abilityTable: { supportPersistentInstanceByGrpc: true, fuzzyWatch: true, mcp: true, agent: true },
        },
      },
    ]);
  });

  it('sends no SetupAckRequest to clients without an ability table (Go, Rust)', async () => {
    kit = await grpcKit();
    const { abilityTable: _ignored, ...goSetup } = { ...javaSetup, clientAbilities: {} };
    handleConnectionSetup(kit.app.grpc.connections, kit.conn, goSetup, '', {
      supportPersistentInstanceByGrpc: true,
      fuzzyWatch: true,
      mcp: true,
      agent: true,
    });
    expect(kit.stream.messages).toEqual([]);
  });
});
