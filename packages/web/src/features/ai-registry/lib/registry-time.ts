import { formatDateTime } from '../../../lib/format-date.js';

/** The registry's `yyyy-MM-ddTHH:mm:ssZ` in the console's local format; "" (never) stays empty. */
export function registryTime(value: string): string {
  return value ? formatDateTime(Date.parse(value)) : '';
}
