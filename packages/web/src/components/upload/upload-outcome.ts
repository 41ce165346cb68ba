import { t } from '../../i18n/index.js';
import type { XhrUploadResult } from './xhr-upload.js';

/** The envelope's `{success, message}` when the answer is one (uploads answer JSON, or text on some errors). */
function envelopeOf(xhr: XMLHttpRequest): { success?: unknown; message?: unknown } | undefined {
  try {
    const body: unknown = JSON.parse(xhr.responseText);
    return typeof body === 'object' && body !== null ? body : undefined;
  } catch {
    return undefined;
  }
}

/** Done means HTTP 200 and no `success: false` in the answer (a refusal such as NO_PERMISSION comes as 200). */
export function uploadSucceeded(result: XhrUploadResult): boolean {
  return result.status === 200 && envelopeOf(result.xhr)?.success !== false;
}

/** "upload processing failed", followed by the server's reason when it gave one. */
export function uploadFailureText(result: XhrUploadResult): string {
  const envelope = envelopeOf(result.xhr);
  const reason =
    typeof envelope?.message === 'string' ? envelope.message : envelope ? '' : result.xhr.responseText.trim();
  return reason ? `${t('common.upload_fail')}: ${reason.slice(0, 300)}` : t('common.upload_fail');
}
