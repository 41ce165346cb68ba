import { invalid } from '../../shared/errors.js';
import { AGENT_LIMITS, REGISTRATION_TYPES, type AgentCard, type RegistrationType } from './agent-card-model.js';
import { isRecord, specDocument, text, type JsonRecord } from './registry-json.js';

/** The fields of nacos's `AgentCard` (A2A's card): the rest of what a client sends is not kept. */
const CARD_FIELDS = [
  'protocolVersion',
  'name',
  'description',
  'version',
  'iconUrl',
  'capabilities',
  'skills',
  'url',
  'preferredTransport',
  'additionalInterfaces',
  'provider',
  'documentationUrl',
  'securitySchemes',
  'security',
  'defaultInputModes',
  'defaultOutputModes',
  'supportsAuthenticatedExtendedCard',
] as const;

/** A card's required string: nacos's 400 when absent, and bounded. */
function required(card: JsonRecord, field: string, max: number): string {
  const value = text(card, field, max, `agentCard.${field}`);
  if (!value) throw invalid(`Required parameter \`agentCard.${field}\` not present`);
  return value;
}

function listOf(card: JsonRecord, field: string): unknown[] {
  const value = card[field];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalid(`agentCard.${field} must be an array`);
  return value;
}

/**
 * Reads an agent card from a form field (JSON text) or a gRPC body (an object), within the size limit:
 * the fields nacos requires present, the skills objects and no more of them than the limit.
 */
export function parseAgentCard(value: unknown): AgentCard {
  const doc = specDocument(value, 'agentCard', AGENT_LIMITS.cardBytes);
  if (!doc) throw invalid('Request parameter `agentCard` should not be `null` or empty.');
  const card: JsonRecord = {};
  for (const field of CARD_FIELDS) if (doc[field] !== undefined && doc[field] !== null) card[field] = doc[field];
  card.name = required(doc, 'name', AGENT_LIMITS.nameChars);
  card.version = required(doc, 'version', AGENT_LIMITS.versionChars);
  for (const field of ['protocolVersion', 'preferredTransport', 'url']) {
    card[field] = required(doc, field, AGENT_LIMITS.fieldChars);
  }
  const description = doc.description ?? '';
  if (typeof description !== 'string') throw invalid('agentCard.description must be a string');
  card.description = description;
  if (card.capabilities !== undefined && !isRecord(card.capabilities)) {
    throw invalid('agentCard.capabilities must be an object');
  }
  card.capabilities = card.capabilities ?? {};
  const skills = listOf(doc, 'skills');
  if (skills.length > AGENT_LIMITS.skills) throw invalid(`agentCard.skills: at most ${AGENT_LIMITS.skills} skills`);
  if (!skills.every(isRecord)) throw invalid('agentCard.skills must be objects');
  card.skills = skills;
  for (const field of ['defaultInputModes', 'defaultOutputModes']) {
    const modes = listOf(doc, field);
    if (!modes.every((m) => typeof m === 'string')) throw invalid(`agentCard.${field} must be strings`);
    card[field] = modes;
  }
  return card as AgentCard;
}

/** `registrationType`: `URL` or `SERVICE`; `fallback` when blank (undefined: keep what is stored). */
export function parseRegistrationType<T extends RegistrationType | undefined>(
  value: string | undefined,
  fallback: T,
): RegistrationType | T {
  if (!value) return fallback;
  if (!(REGISTRATION_TYPES as readonly string[]).includes(value)) {
    throw invalid(`Required parameter 'registrationType' value should be \`URL\` or \`SERVICE\` but was \`${value}\``);
  }
  return value as RegistrationType;
}
