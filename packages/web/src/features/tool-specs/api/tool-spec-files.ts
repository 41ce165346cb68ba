import { apiUrl } from '../../../lib/api-client.js';
import { API_PREFIX } from '../../../lib/constants.js';
import type { ToolSpecListParams } from './keys.js';

/** The zip of every spec the filters match (one YAML file per spec), fetched through a plain link. */
export const toolSpecDownloadUrl = (p: Omit<ToolSpecListParams, 'pageNo' | 'pageSize'>) =>
  apiUrl('/v2/mcp/toolspec/download', { ...p, pageNo: 1, pageSize: 1000 });

/** Multipart: `file` (such a zip) and `namespace`. */
export const TOOL_SPEC_IMPORT_URL = `${API_PREFIX}/v2/mcp/toolspec/import`;
