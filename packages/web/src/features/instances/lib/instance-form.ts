import type { Instance } from '../api/get-instances.js';

export type InstanceFormMode = 'detail' | 'update';

export interface InstanceFormValues {
  ip: string;
  port: number;
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

export function formatMetadata(metadata: Record<string, string> | null | undefined): string {
  return metadata && Object.keys(metadata).length > 0 ? JSON.stringify(metadata, null, 2) : '';
}

export function formValuesOf(instance: Instance): InstanceFormValues {
  return {
    ip: instance.ip,
    port: instance.port,
    weight: String(instance.weight ?? 1),
    enabled: instance.enabled,
    metadata: formatMetadata(instance.metadata),
  };
}
