import { AGENT_LIMITS } from '../../../core/ai/agent-card-model.js';
import { parseAgentEndpoint } from '../../../core/ai/agent-endpoints.js';
import type { AgentRegistry } from '../../../core/ai/agent-registry.js';
import { invalid } from '../../../shared/errors.js';
import { objectField, optionalString, stringField } from '../body-fields.js';
import type { GrpcHandler } from '../grpc-handler.js';
import { aiAccess, aiNamespaceOf } from './ai-request.js';

/**
 * `AgentEndpointRequest` -> `AgentEndpointResponse` (nacos-client 3.1's `A2aService.registerAgentEndpoint`
 * and `deregisterAgentEndpoint`): the caller's endpoint joins the naming service of the agent version it
 * names for as long as its connection lives, or leaves it. As in nacos, the agent need not be registered
 * yet: a card released later finds its endpoints there.
 */
export function agentEndpointHandler(registry: AgentRegistry): GrpcHandler {
  return {
    responseType: 'AgentEndpointResponse',
    access: aiAccess('write'),
    refusals: 'typed',
    async handle(body, ctx) {
      const type = stringField(body, 'type');
      const name = optionalString(body, 'agentName')?.trim();
      if (!name) throw invalid("Required parameter `agentName` can't be empty or null");
      const fields = objectField(body, 'endpoint');
      if (!fields) throw invalid("Required parameter `endpoint` can't be null");
      const version = optionalString(fields, 'version')?.trim();
      if (!version) throw invalid("Required parameter `endpoint.version` can't be empty or null");
      if (name.length > AGENT_LIMITS.nameChars) {
        throw invalid(`agentName is longer than ${AGENT_LIMITS.nameChars} characters`);
      }
      if (version.length > AGENT_LIMITS.versionChars) {
        throw invalid(`endpoint.version is longer than ${AGENT_LIMITS.versionChars} characters`);
      }
      const endpoint = parseAgentEndpoint(fields);
      const key = registry.endpoints.serviceOf(aiNamespaceOf(body), name, version);
      if (type === 'registerEndpoint') await registry.endpoints.register(ctx.connection!.id, key, endpoint);
      else if (type === 'deregisterEndpoint') await registry.endpoints.deregister(key, endpoint);
      else throw invalid(`parameter \`type\` should be registerEndpoint or deregisterEndpoint, but was ${type}`);
      return { type };
    },
  };
}
