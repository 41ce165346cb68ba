import { API_PREFIX } from '../../../lib/constants.js';

/** Multipart field "file"; the target namespace travels in the `tenant` header. */
export const CONFIG_IMPORT_URL = `${API_PREFIX}/config/import`;

export const configImportHeaders = (tenant: string) => ({ tenant });
