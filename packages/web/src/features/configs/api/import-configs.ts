import type { ConflictPolicy } from '@tsnacos/protocol';
import { API_PREFIX } from '../../../lib/constants.js';

/** Multipart field "file"; the target namespace travels in the `tenant` header. */
export const CONFIG_IMPORT_URL = `${API_PREFIX}/config/import`;

export const configImportHeaders = (tenant: string) => ({ tenant });

export type ImportPolicy = ConflictPolicy;

/** What happens to configs that already exist: replace them (the default), keep them, or import nothing. */
export const IMPORT_POLICIES: readonly ImportPolicy[] = ['OVERWRITE', 'SKIP', 'ABORT'];
