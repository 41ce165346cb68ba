import { t } from '../../../i18n/index.js';
import { uploadFailureText } from '../../../components/upload/upload-outcome.js';
import type { XhrUploadResult } from '../../../components/upload/xhr-upload.js';

/** Why an import failed, led by a text in the console's language (the server's detail follows as sent). */
const REASONS: Record<number, string> = {
  400: 'transfer.fail_invalid',
  413: 'transfer.fail_too_large',
  409: 'transfer.fail_busy',
};

export function importFailureText(result: XhrUploadResult): string {
  const key = REASONS[result.status];
  const detail = uploadFailureText(result);
  return key ? `${t(key)} (${detail})` : detail;
}
