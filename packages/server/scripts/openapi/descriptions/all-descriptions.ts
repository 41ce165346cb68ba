import type { Port } from '../registered-routes.js';
import { AI_DESCRIPTIONS } from './ai-descriptions.js';
import { AUTH_DESCRIPTIONS } from './auth-descriptions.js';
import { CONFIG_DESCRIPTIONS } from './config-descriptions.js';
import { CONSOLE_DESCRIPTIONS } from './console-descriptions.js';
import { CORE_DESCRIPTIONS } from './core-descriptions.js';
import { MCP_DESCRIPTIONS } from './mcp-descriptions.js';
import { NAMESPACE_DESCRIPTIONS } from './namespace-descriptions.js';
import { NAMING_DESCRIPTIONS } from './naming-descriptions.js';
import { CONSOLE_PAGE_DESCRIPTIONS, SDK_PAGE_DESCRIPTIONS } from './page-descriptions.js';
import type { DescriptionTable } from './route-description.js';

/** The hand-kept descriptions of each port's routes, by `METHOD url`. */
export const DESCRIPTIONS: Record<Port, DescriptionTable> = {
  sdk: {
    ...CONFIG_DESCRIPTIONS,
    ...NAMING_DESCRIPTIONS,
    ...NAMESPACE_DESCRIPTIONS,
    ...AUTH_DESCRIPTIONS,
    ...CORE_DESCRIPTIONS,
    ...AI_DESCRIPTIONS,
    ...MCP_DESCRIPTIONS,
    ...SDK_PAGE_DESCRIPTIONS,
  },
  console: { ...CONSOLE_DESCRIPTIONS, ...CONSOLE_PAGE_DESCRIPTIONS },
};
