import { apiUrl } from '../../../lib/api-client.js';
import { API_PREFIX } from '../../../lib/constants.js';
import type { McpServerListParams } from './keys.js';

/** The zip of every server the filters match (one YAML file each), fetched through a plain link. */
export const mcpServerDownloadUrl = (p: Omit<McpServerListParams, 'pageNo' | 'pageSize'>) =>
  apiUrl('/v2/mcp/server/download', { ...p, pageNo: 1, pageSize: 1000 });

/** Multipart: `file` (such a zip) and `namespace`. */
export const MCP_SERVER_IMPORT_URL = `${API_PREFIX}/v2/mcp/server/import`;
