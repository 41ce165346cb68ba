import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../lib/notify.js';
import { t } from '../../../i18n/index.js';
import type { HistoryRow } from './get-config-history.js';
import { invalidateConfig, publishConfig } from './publish-config.js';

/**
 * Recover = publish the history record's content again with its data key (none for a plain record); type and
 * description stay as they are.
 */
const recoverConfig = (row: HistoryRow) =>
  publishConfig(
    {
      dataId: row.dataId,
      group: row.group,
      tenant: row.tenant,
      content: row.content,
      encryptedDataKey: row.encryptedDataKey ?? '',
    },
    { silent: true },
  );

export function useRecoverConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: recoverConfig,
    onSuccess: (_, row) => {
      notify.success(t('config.recover_success'));
      invalidateConfig(client, row);
    },
    onError: (err) => notify.error(`${t('error.recover_fail')}: ${err.message}`),
  });
}
