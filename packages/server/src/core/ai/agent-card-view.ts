import type { AgentEndpoints, AgentInterface } from './agent-endpoints.js';
import type { AgentCardVersion, RegisteredAgent, RegistrationType } from './agent-card-model.js';
import type { JsonRecord } from './registry-json.js';

/*
 * The registry's agents as nacos renders them: `AgentVersionDetail` per version, `AgentCardVersionInfo` in
 * lists, `AgentCardDetailInfo` for one version (for `SERVICE` agents with the address of one of its
 * endpoints, read from the naming service at the time of asking).
 */

/** nacos's `AgentVersionDetail`. */
export const agentVersionDetail = (agent: RegisteredAgent, v: AgentCardVersion): JsonRecord => ({
  version: v.version,
  createdAt: v.createdAt,
  updatedAt: v.updatedAt,
  latest: v.version === agent.latestVersion,
});

/** A list item (`AgentCardVersionInfo`): the latest version's basic card with every version. */
export function agentListItem(agent: RegisteredAgent): JsonRecord {
  const shown = agent.versions.find((v) => v.version === agent.latestVersion) ?? agent.versions.at(-1)!;
  const card = shown.card;
  return {
    protocolVersion: card.protocolVersion,
    name: agent.name,
    description: card.description,
    version: card.version,
    iconUrl: card.iconUrl,
    capabilities: card.capabilities,
    skills: card.skills,
    latestPublishedVersion: agent.latestVersion || undefined,
    versionDetails: agent.versions.map((v) => agentVersionDetail(agent, v)),
    registrationType: shown.registrationType,
  };
}

/**
 * nacos's `AgentCardDetailInfo` of a version. Read as `SERVICE` (the version's own type unless the caller
 * asks otherwise), the card's address is one of its registered endpoints, preferring its transport, and
 * every endpoint is an additional interface; without endpoints the card is served as stored.
 */
export function agentDetailInfo(
  endpoints: AgentEndpoints,
  agent: RegisteredAgent,
  v: AgentCardVersion,
  readAs: RegistrationType | undefined,
): JsonRecord {
  const detail: JsonRecord = Object.assign({}, v.card, {
    registrationType: v.registrationType,
    latestVersion: v.version === agent.latestVersion,
  });
  if ((readAs ?? v.registrationType) !== 'SERVICE') return detail;
  const all = endpoints.interfaces(endpoints.serviceOf(agent.namespaceId, agent.name, v.version));
  if (all.length === 0) return detail;
  const preferred = v.card.preferredTransport.toLowerCase();
  const matching = all.filter((i) => i.transport.toLowerCase() === preferred);
  const chosen = pick(matching.length > 0 ? matching : all);
  return Object.assign(detail, {
    url: chosen.url,
    preferredTransport: chosen.transport,
    additionalInterfaces: all,
  });
}

/** Spreads clients over the endpoints. */
const pick = (choices: AgentInterface[]): AgentInterface => choices[Math.floor(Math.random() * choices.length)];
