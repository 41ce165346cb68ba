import type { SaveServiceInput } from '../api/save-service.js';
import type { ServiceRow } from '../api/get-services.js';

export type ServiceFormMode = 'detail' | 'update' | 'create';

export interface ServiceFormValues {
  serviceName: string;
  groupName: string;
  protectThreshold: string;
  metadata: string;
  selector: string;
}

const DEFAULT_GROUP = 'DEFAULT_GROUP';

/** i18n key of the protect threshold's error: optional, numeric, 0 to 1 inclusive. */
export function protectThresholdError(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || String(value).trim() === '') return null;
  const n = Number(value);
  if (Number.isNaN(n)) return 'service.threshold_number';
  if (n < 0 || n > 1) return 'service.threshold_range';
  return null;
}

/**
 * 0 when empty; a whole number as the console has always sent it (parsed as an integer); a decimal such as
 * 0.7 as it is, since the server keeps a float (parsing it as an integer would make it 0).
 */
export function parseProtectThreshold(value: string | number | null | undefined): number {
  const text = String(value ?? '').trim();
  const n = Number(text);
  if (text !== '' && Number.isFinite(n) && !Number.isInteger(n)) return n;
  const whole = parseInt(text, 10);
  return Number.isNaN(whole) ? 0 : whole;
}

/** i18n key of the selector's error: empty (none) or the JSON of a none or label selector. */
export function selectorError(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as { type?: unknown; expression?: unknown } | null;
    if (parsed?.type === 'none') return null;
    if (parsed?.type === 'label' && typeof parsed.expression === 'string') return null;
  } catch {
    // not JSON: same message
  }
  return 'service.selector_invalid';
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
  if (!row) return { serviceName: '', groupName: DEFAULT_GROUP, protectThreshold: '', metadata: '', selector: '' };
  const metadata = row.metadata && row.metadata !== '{}' ? row.metadata : '';
  return {
    serviceName: row.name,
    groupName: row.groupName,
    protectThreshold: String(row.protectThreshold ?? ''),
    metadata,
    selector: row.selector ?? '',
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
    selector: values.selector?.trim() || '{"type":"none"}',
    mode,
  };
}
