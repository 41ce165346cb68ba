import { apiFetch, apiUrl, ApiError } from '../../../lib/api-client.js';
import { saveBlob } from '../../../lib/download.js';
import { notify } from '../../../lib/notify.js';
import { t } from '../../../i18n/index.js';
import type { ConfigKey } from './keys.js';

/** The zip of every config matching the filters, downloaded through a plain link. */
export function exportConfigsUrl(filters: { tenant: string; groupParam: string; dataParam: string }): string {
  return apiUrl('/config/download', { ...filters, pageNo: 1, pageSize: 20 });
}

/** The zip of the chosen configs (POST with their keys), saved under a timestamped name. */
export async function exportSelectedConfigs(keys: ConfigKey[]): Promise<void> {
  try {
    // the v2 route: read-only users may export the configs they see
    const res = await apiFetch('POST', '/v2/config/download', { json: keys });
    if (res.status !== 200) throw new ApiError(t('error.http_code', { status: res.status }), 'http', res.status);
    saveBlob(await res.blob(), `rnacos_config_export_${Date.now()}.zip`);
  } catch (err) {
    if (err instanceof ApiError && err.kind !== 'no-login') notify.error(err.message);
    throw err;
  }
}
