import type { Instance } from '../api/get-instances.js';

export type InstanceFormMode = 'detail' | 'update' | 'create';

export interface InstanceFormValues {
  ip: string;
  port: number | string;
  clusterName: string;
  weight: string;
  enabled: boolean;
  metadata: string;
}

/** i18n key of the weight's error: numeric and not below 0. */
export function weightError(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || String(value).trim() === '') return null;
  const n = Number(value);
  if (Number.isNaN(n)) return 'instance.weight_number';
  if (n < 0) return 'instance.weight_negative';
  return null;
}

/** Parsed as a float; 1 when empty. */
export function parseWeight(value: string | number | null | undefined): number {
  const n = parseFloat(String(value ?? ''));
  return Number.isNaN(n) ? 1 : n;
}

/** Metadata is edited as JSON text; it must be an object (values are kept as strings by the server). */
export function metadataError(text: string | null | undefined): string | null {
  if (!text || !text.trim()) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? null : 'instance.metadata_invalid';
  } catch {
    return 'instance.metadata_invalid';
  }
}

function formatMetadata(metadata: Record<string, string> | null | undefined): string {
  return metadata && Object.keys(metadata).length > 0 ? JSON.stringify(metadata, null, 2) : '';
}

/** i18n key of the port's error: a whole number from 1 to 65535. */
export function portError(value: string | number | null | undefined): string | null {
  const n = Number(String(value ?? '').trim());
  return Number.isInteger(n) && n >= 1 && n <= 65535 ? null : 'instance.port_invalid';
}

/** A new instance: online, weight 1, the default cluster. */
const NEW_INSTANCE: InstanceFormValues = {
  ip: '',
  port: '',
  clusterName: 'DEFAULT',
  weight: '1',
  enabled: true,
  metadata: '',
};

export function formValuesOf(instance: Instance | null): InstanceFormValues {
  if (!instance) return NEW_INSTANCE;
  return {
    ip: instance.ip,
    port: instance.port,
    clusterName: instance.clusterName,
    weight: String(instance.weight ?? 1),
    enabled: instance.enabled,
    metadata: formatMetadata(instance.metadata),
  };
}
