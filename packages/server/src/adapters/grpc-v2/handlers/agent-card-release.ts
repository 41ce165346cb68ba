import { parseAgentCard, parseRegistrationType } from '../../../core/ai/agent-card-input.js';
import type { AgentRegistry } from '../../../core/ai/agent-registry.js';
import { invalid } from '../../../shared/errors.js';
import { booleanField, optionalString } from '../body-fields.js';
import type { GrpcHandler } from '../grpc-handler.js';
import { aiAccess, aiNamespaceOf } from './ai-request.js';

/**
 * `ReleaseAgentCardRequest` -> `ReleaseAgentCardResponse` (nacos-client 3.1's `A2aService.releaseAgentCard`):
 * a new agent, or a new version of one (the latest when `setAsLatest`); a version that exists is left as it
 * is, as nacos does.
 */
export function agentCardReleaseHandler(registry: AgentRegistry): GrpcHandler {
  return {
    responseType: 'ReleaseAgentCardResponse',
    access: aiAccess('write'),
    refusals: 'typed',
    async handle(body) {
      if (body.agentCard === undefined || body.agentCard === null) {
        throw invalid("parameters `agentCard` can't be null");
      }
      const card = parseAgentCard(body.agentCard);
      const type = parseRegistrationType(optionalString(body, 'registrationType'), 'URL');
      await registry.release(aiNamespaceOf(body), card, type, booleanField(body, 'setAsLatest', false));
      return {};
    },
  };
}
