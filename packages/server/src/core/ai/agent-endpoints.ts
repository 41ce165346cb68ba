import type { Instance, ServiceKey } from '../naming/naming-model.js';
import type { NamingService } from '../naming/naming-service.js';
import { parseServiceKey } from '../naming/naming-validation.js';
import { invalid } from '../../shared/errors.js';
import { AGENT_ENDPOINT_GROUP, AGENT_ENDPOINT_METADATA, DEFAULT_AGENT_TRANSPORT } from './agent-card-model.js';

/** Where an agent's instances say they serve (nacos's `AgentEndpoint`). */
export interface AgentEndpoint {
  address: string;
  port: number;
  transport: string;
  path: string;
  supportTls: boolean;
}

/** An address clients reach an agent at (A2A's `AgentInterface`). */
export interface AgentInterface {
  url: string;
  transport: string;
}

/**
 * An agent version's endpoints are ephemeral instances of its own naming service (`agent-endpoints` /
 * `name::version`), bound to the connection of the client that registered them.
 */
export class AgentEndpoints {
  constructor(private readonly naming: NamingService) {}

  /** The naming service of a version's endpoints; a name the naming service refuses is refused here. */
  serviceOf(namespaceId: string, name: string, version: string): ServiceKey {
    const serviceName = `${name}::${version}`;
    // `@@` would name another group; whitespace and control characters no service may hold
    if (!serviceName.includes('@@')) {
      try {
        return parseServiceKey({ namespaceId, groupName: AGENT_ENDPOINT_GROUP, serviceName });
      } catch {
        // answered below
      }
    }
    throw invalid('agentCard.name and agentCard.version may not hold whitespace, control characters or "@@"');
  }

  async register(connectionId: string, key: ServiceKey, endpoint: AgentEndpoint): Promise<void> {
    const metadata = {
      [AGENT_ENDPOINT_METADATA.path]: endpoint.path,
      [AGENT_ENDPOINT_METADATA.transport]: endpoint.transport,
      [AGENT_ENDPOINT_METADATA.supportTls]: String(endpoint.supportTls),
    };
    await this.naming.registerConnectionInstance(connectionId, key, {
      ip: endpoint.address,
      port: endpoint.port,
      metadata,
    });
  }

  async deregister(key: ServiceKey, endpoint: AgentEndpoint): Promise<void> {
    await this.naming.deregisterInstance(key, { ip: endpoint.address, port: endpoint.port });
  }

  /** The healthy, enabled endpoints of a version as the addresses clients call. */
  interfaces(key: ServiceKey): AgentInterface[] {
    return this.naming
      .listInstances(key)
      .filter((i) => i.healthy && i.enabled)
      .map(interfaceOf);
  }
}

function interfaceOf(instance: Instance): AgentInterface {
  const meta = instance.metadata;
  const scheme = meta[AGENT_ENDPOINT_METADATA.supportTls] === 'true' ? 'https' : 'http';
  const path = meta[AGENT_ENDPOINT_METADATA.path] ?? '';
  const host = instance.ip.includes(':') ? `[${instance.ip}]` : instance.ip;
  return {
    url: `${scheme}://${host}:${instance.port}${path && !path.startsWith('/') ? '/' : ''}${path}`,
    transport: meta[AGENT_ENDPOINT_METADATA.transport] || DEFAULT_AGENT_TRANSPORT,
  };
}

/** Reads an endpoint of a client's request: an address, a port in range, the rest defaulted. */
export function parseAgentEndpoint(value: unknown): AgentEndpoint {
  if (typeof value !== 'object' || value === null) throw invalid("Required parameter `endpoint` can't be null");
  const e = value as Record<string, unknown>;
  const address = typeof e.address === 'string' ? e.address.trim() : '';
  const port = typeof e.port === 'number' ? e.port : Number(e.port);
  if (!address || address.length > 256 || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw invalid('`endpoint.address` and `endpoint.port` (1-65535) are required');
  }
  const str = (field: string, max: number) => {
    const v = e[field];
    if (v !== undefined && v !== null && (typeof v !== 'string' || v.length > max)) {
      throw invalid(`endpoint.${field} must be a string of at most ${max} characters`);
    }
    return typeof v === 'string' ? v.trim() : '';
  };
  return {
    address,
    port,
    transport: str('transport', 64) || DEFAULT_AGENT_TRANSPORT,
    path: str('path', 2048),
    supportTls: e.supportTls === true,
  };
}
