import type { Resource } from 'i18next';
import { en } from '../i18n/en.js';
import { zh } from '../i18n/zh.js';
import { aboutMessages } from '../features/about/messages.js';
import { authMessages } from '../features/auth/messages.js';
import { clusterMessages } from '../features/cluster/messages.js';
import { configMessages } from '../features/configs/messages.js';
import { instanceMessages } from '../features/instances/messages.js';
import { monitorMessages } from '../features/monitor/messages.js';
import { namespaceMessages } from '../features/namespaces/messages.js';
import { serviceMessages } from '../features/services/messages.js';
import { transferMessages } from '../features/transfer/messages.js';
import { userMessages } from '../features/users/messages.js';
import { auditMessages } from '../features/audit/messages.js';
import { toolSpecMessages } from '../features/tool-specs/messages.js';
import { mcpServerMessages } from '../features/mcp-servers/messages.js';
import { aiRegistryMessages } from '../features/ai-registry/messages.js';
import { appMessages } from './app-messages.js';

/** Common strings plus every feature's messages, merged once at start-up. */
const features = [
  appMessages,
  authMessages,
  aboutMessages,
  clusterMessages,
  configMessages,
  instanceMessages,
  monitorMessages,
  namespaceMessages,
  serviceMessages,
  transferMessages,
  userMessages,
  auditMessages,
  toolSpecMessages,
  mcpServerMessages,
  aiRegistryMessages,
];

export function buildResources(): Resource {
  const merge = (lang: 'en' | 'zh', base: object) =>
    Object.assign({}, base, ...features.map((f) => f[lang] as object)) as Record<string, unknown>;
  return { en: { translation: merge('en', en) }, zh: { translation: merge('zh', zh) } };
}
