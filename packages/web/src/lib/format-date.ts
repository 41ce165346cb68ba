import dayjs from 'dayjs';

const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Milliseconds since the epoch as YYYY-MM-DD HH:mm:ss; empty for missing values. */
export function formatDateTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms <= 0) return '';
  return dayjs(ms).format(DATE_TIME_FORMAT);
}
