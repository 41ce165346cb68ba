import type { SaveServiceInput } from '../api/save-service.js';
import type { ServiceRow } from '../api/get-services.js';

export type ServiceFormMode = 'detail' | 'update' | 'create';

export interface ServiceFormValues {
  serviceName: string;
  groupName: string;
  protectThreshold: string;
  metadata: string;
}

export const DEFAULT_GROUP = 'DEFAULT_GROUP';

/** i18n key of the protect threshold's error: optional, numeric, 0 to 1 inclusive. */
export function protectThresholdError(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || String(value).trim() === '') return null;
  const n = Number(value);
  if (Number.isNaN(n)) return 'service.threshold_number';
  if (n < 0 || n > 1) return 'service.threshold_range';
  return null;
}

/** As the console has always sent it: parsed as an integer, 0 when empty. */
export function parseProtectThreshold(value: string | number | null | undefined): number {
  const n = parseInt(String(value ?? ''), 10);
  return Number.isNaN(n) ? 0 : n;
}

/** What each mode lets the user change. */
export function serviceFieldLocks(mode: ServiceFormMode) {
  return {
    key: mode !== 'create',
    rest: mode === 'detail',
    submits: mode !== 'detail',
  };
}

export function formValuesOf(row: ServiceRow | null): ServiceFormValues {
  if (!row) return { serviceName: '', groupName: DEFAULT_GROUP, protectThreshold: '', metadata: '' };
  const metadata = row.metadata && row.metadata !== '{}' ? row.metadata : '';
  return {
    serviceName: row.name,
    groupName: row.groupName,
    protectThreshold: String(row.protectThreshold ?? ''),
    metadata,
  };
}

export function toSaveInput(
  values: ServiceFormValues,
  namespaceId: string,
  mode: 'create' | 'update',
): SaveServiceInput {
  return {
    namespaceId,
    groupName: values.groupName,
    serviceName: values.serviceName,
    protectThreshold: parseProtectThreshold(values.protectThreshold),
    metadata: values.metadata ?? '',
    mode,
  };
}
