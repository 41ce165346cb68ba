import { DEFAULT_CLUSTER, type Instance, type ServiceKey } from '../naming/naming-model.js';
import type { NamingService } from '../naming/naming-service.js';
import { parseServiceKey } from '../naming/naming-validation.js';
import { invalid, NacosError } from '../../shared/errors.js';
import { MCP_ENDPOINT_GROUP, type McpEndpointSpec, type McpServiceRef } from './mcp-registry-model.js';

/** The naming service nacos keeps a server version's own endpoints in: `mcp-endpoints` / `name::version`. */
export const ownEndpointService = (namespaceId: string, name: string, version: string): McpServiceRef => ({
  namespaceId,
  groupName: MCP_ENDPOINT_GROUP,
  serviceName: `${name}::${version}`,
});

export const serviceKeyOfRef = (ref: McpServiceRef): ServiceKey =>
  parseServiceKey({ namespaceId: ref.namespaceId, groupName: ref.groupName, serviceName: ref.serviceName });

/**
 * A server version's endpoints are instances of a naming service: a `REF` spec names one (in the server's
 * namespace), a `DIRECT` spec gives one address, registered as a persistent instance of the version's own
 * service.
 */
export class McpEndpoints {
  constructor(private readonly naming: NamingService) {}

  /** The service a spec names, checked; a `DIRECT` address is registered once the server is stored. */
  refOf(namespaceId: string, name: string, version: string, spec: McpEndpointSpec): McpServiceRef {
    const transportProtocol = spec.data.transportProtocol || undefined;
    if (spec.type === 'REF') {
      const { groupName, serviceName } = spec.data;
      if (!groupName || !serviceName) {
        throw invalid(
          '`namespaceId`, `groupName`, `serviceName` should be in endpointSpecification data if type is `REF`',
        );
      }
      const key = parseServiceKey({ namespaceId, groupName, serviceName });
      return Object.assign({}, key, transportProtocol ? { transportProtocol } : {});
    }
    this.directAddress(spec);
    const ref = ownEndpointService(namespaceId, name, version);
    serviceKeyOfRef(ref); // a name the naming service refuses is refused here, before anything is stored
    return Object.assign(ref, transportProtocol ? { transportProtocol } : {});
  }

  /** Registers a `DIRECT` spec's address in the version's own service (persistent, as nacos does). */
  async registerDirect(ref: McpServiceRef, spec: McpEndpointSpec): Promise<void> {
    if (spec.type !== 'DIRECT') return;
    const { ip, port } = this.directAddress(spec);
    await this.naming.registerInstance(serviceKeyOfRef(ref), {
      ip,
      port,
      clusterName: DEFAULT_CLUSTER,
      ephemeral: false,
    });
  }

  /** Drops the persistent instances of a version's own service, and the service when nothing is left in it. */
  async dropOwn(ref: McpServiceRef): Promise<void> {
    if (ref.groupName !== MCP_ENDPOINT_GROUP) return;
    const key = serviceKeyOfRef(ref);
    for (const i of this.naming.listInstances(key)) {
      if (!i.ephemeral) await this.naming.deregisterInstance(key, i);
    }
    if (this.naming.listInstances(key).length > 0) return;
    await this.naming.removeService(key).catch((err: unknown) => {
      if (!(err instanceof NacosError)) throw err;
    });
  }

  /** The healthy, enabled instances of a service (nacos lists a server's endpoints so). */
  healthy(ref: McpServiceRef): Instance[] {
    return this.naming.listInstances(serviceKeyOfRef(ref)).filter((i) => i.healthy && i.enabled);
  }

  private directAddress(spec: McpEndpointSpec): { ip: string; port: number } {
    const ip = spec.data.address?.trim();
    const port = Number(spec.data.port);
    if (!ip || !Number.isInteger(port) || port < 1 || port > 65535) {
      throw invalid('`address` and `port` (1-65535) should be in endpointSpecification data if type is `DIRECT`');
    }
    return { ip, port };
  }
}
