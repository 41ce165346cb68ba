import type { GrpcConnection, GrpcConnections } from '../connections.js';
import { stringField, stringMapField } from '../body-fields.js';
import type { JsonObject } from '../payload.js';

export interface ServerAbilities {
  /** True once persistent instances can be registered over gRPC (Java 2.3+ then stops using HTTP for them). */
  supportPersistentInstanceByGrpc: boolean;
  /** nacos 3.x: config and naming fuzzy watch are served (the 3.x client refuses them otherwise). */
  fuzzyWatch: boolean;
  /** nacos 3.x: the AI registry's MCP requests are served (the 3.x AiService refuses to send them otherwise). */
  mcp: boolean;
  /** nacos 3.1: the A2A agent registry is served (the client's A2aService refuses every call otherwise). */
  agent: boolean;
}

/**
 * `ConnectionSetupRequest`, the first message on a client's stream: records who the client is. Clients
 * that sent an ability table wait for a `SetupAckRequest` carrying ours (they were told so by ServerCheck);
 * the others (Go, Rust, older Java) get none, as they would from nacos.
 */
export function handleConnectionSetup(
  connections: GrpcConnections,
  conn: GrpcConnection,
  body: JsonObject,
  clientIp: string,
  abilities: ServerAbilities,
): void {
  const labels = stringMapField(body, 'labels');
  connections.registry.setup(conn.id, {
    clientVersion: stringField(body, 'clientVersion'),
    namespace: stringField(body, 'tenant'),
    appName: labels.AppName ?? '',
    labels,
    clientIp,
  });
  if (body.abilityTable !== undefined) {
    connections.send(conn, 'SetupAckRequest', {
      headers: {},
      requestId: '',
      module: 'internal',
      abilityTable: { ...abilities },
    });
  }
}
