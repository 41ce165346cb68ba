import { invalid } from '../../shared/errors.js';

/** Identity of a config. `namespaceId` is canonical: the default namespace is always "". */
export interface ConfigKey {
  namespaceId: string;
  group: string;
  dataId: string;
}

const DEFAULT_GROUP = 'DEFAULT_GROUP';

/** Letters and digits of any script, plus `_ - . :` (the charset nacos servers accept). */
const VALID_NAME = /^[\p{L}\p{N}_\-.:]+$/u;
const MAX_DATA_ID_LENGTH = 256;
const MAX_GROUP_LENGTH = 128;
const MAX_TENANT_LENGTH = 128;

/** Blank, "public" and "null" all name the default namespace, stored as "". */
export function canonicalTenant(tenant: string | undefined | null): string {
  const t = (tenant ?? '').trim();
  if (t === '' || t.toLowerCase() === 'public' || t.toLowerCase() === 'null') return '';
  return t;
}

/** The in-memory key; the separator cannot occur in a valid name. */
export function configKeyString(key: ConfigKey): string {
  return `${key.namespaceId}\u0002${key.group}\u0002${key.dataId}`;
}

function checkName(what: string, value: string, max: number): void {
  if (value.length > max) throw invalid(`invalid ${what}: longer than ${max} characters`);
  if (!VALID_NAME.test(value)) throw invalid(`invalid ${what}: ${value} (allowed: letters, digits and _ - . :)`);
}

/** Builds a validated key from client-supplied strings; throws an `invalid` error naming the field. */
export function parseConfigKey(input: { dataId?: string; group?: string; tenant?: string }): ConfigKey {
  const dataId = input.dataId?.trim() ?? '';
  if (!dataId) throw invalid('dataId is required');
  checkName('dataId', dataId, MAX_DATA_ID_LENGTH);
  const group = input.group?.trim() || DEFAULT_GROUP;
  checkName('group', group, MAX_GROUP_LENGTH);
  const namespaceId = canonicalTenant(input.tenant);
  if (namespaceId) checkName('tenant', namespaceId, MAX_TENANT_LENGTH);
  return { namespaceId, group, dataId };
}
