import type { TransferImportResult } from '@tsnacos/protocol';
import { API_PREFIX } from '../../../lib/constants.js';
import { xhrUpload, type XhrUploadResult } from '../../../components/upload/xhr-upload.js';

export const TRANSFER_IMPORT_URL = `${API_PREFIX}/transfer/import`;

/** What an import writes; persistent instances in the file are always imported. */
export interface TransferImportChoice {
  /** Configs (with history) and namespaces. */
  configs: boolean;
  /** Users replace this server's users of the same name, passwords included: off unless chosen. */
  users: boolean;
}

export const DEFAULT_IMPORT_CHOICE: TransferImportChoice = { configs: true, users: false };

/** The server reads an absent header as "yes", so every switch is always sent. */
export function transferImportHeaders(choice: TransferImportChoice): Record<string, string> {
  return {
    'import-config': choice.configs ? '1' : '0',
    'import-user': choice.users ? '1' : '0',
    'import-cache': '0',
  };
}

/** The import report of a successful answer (undefined when the server sent none). */
export function importResultOf(result: XhrUploadResult): TransferImportResult | undefined {
  try {
    const body = JSON.parse(result.xhr.responseText) as { data?: TransferImportResult };
    return body.data && typeof body.data.imported === 'object' ? body.data : undefined;
  } catch {
    return undefined;
  }
}

export function importTransfer(file: File, choice: TransferImportChoice): Promise<XhrUploadResult> {
  return xhrUpload({
    action: TRANSFER_IMPORT_URL,
    file,
    headers: transferImportHeaders(choice),
    onProgress: () => undefined,
  }).done;
}
