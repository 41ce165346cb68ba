import type { JsonRecord } from './registry-json.js';

/*
 * The nacos 3.1 AI registry's agents (A2A): an agent card per version, one version the latest, per
 * namespace. Where clients reach an agent is either the card's own `url` (registration type `URL`) or the
 * endpoints its instances register (`SERVICE`), kept as instances of a naming service.
 */

export const REGISTRATION_TYPES = ['URL', 'SERVICE'] as const;
export type RegistrationType = (typeof REGISTRATION_TYPES)[number];

/**
 * An A2A agent card as stored: the fields of nacos's `AgentCard`, the five it requires (`name`, `version`,
 * `protocolVersion`, `preferredTransport`, `url`) always set, the lists and `capabilities` defaulted.
 */
export interface AgentCard extends JsonRecord {
  name: string;
  version: string;
  protocolVersion: string;
  preferredTransport: string;
  url: string;
  description: string;
  capabilities: JsonRecord;
  skills: JsonRecord[];
  defaultInputModes: string[];
  defaultOutputModes: string[];
}

export interface AgentCardVersion {
  version: string;
  registrationType: RegistrationType;
  /** `yyyy-MM-ddTHH:mm:ssZ`: when the version was added, and last written or made the latest. */
  createdAt: string;
  updatedAt: string;
  card: AgentCard;
}

/** A registered agent: unique by id (the store's key), and by name within its namespace. */
export interface RegisteredAgent {
  id: string;
  namespaceId: string;
  name: string;
  /** The version served when none is asked for; empty once the latest was deleted (as nacos leaves it). */
  latestVersion: string;
  /** In the order they were added. */
  versions: AgentCardVersion[];
}

/** The group nacos registers agents' endpoints in, one service per version: `name::version`. */
export const AGENT_ENDPOINT_GROUP = 'agent-endpoints';

/** The instance metadata an agent endpoint carries (nacos's keys). */
export const AGENT_ENDPOINT_METADATA = {
  path: '__nacos.agent.endpoint.path__',
  transport: '__nacos.agent.endpoint.transport__',
  supportTls: '__nacos.agent.endpoint.supportTls__',
} as const;

/** The transport an endpoint has when its client names none (nacos's default). */
export const DEFAULT_AGENT_TRANSPORT = 'JSONRPC';

/** Limits on what one request may register (each refused with a 400 naming it). */
export const AGENT_LIMITS = {
  nameChars: 256,
  versionChars: 64,
  /** Of the other strings the registry reads from a card (transport, url, protocol version). */
  fieldChars: 2048,
  cardBytes: 256 * 1024,
  skills: 100,
  versionsPerAgent: 100,
  agents: 10_000,
} as const;

export const agentVersionOf = (agent: RegisteredAgent, version?: string): AgentCardVersion | undefined =>
  agent.versions.find((v) => v.version === (version || agent.latestVersion));
