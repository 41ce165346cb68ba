import { Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.js';

/**
 * A detail page before its data: loading, or what went wrong (missing, another namespace, no privilege),
 * with the way back to the list.
 */
export function DetailState({ error, back }: { error: Error | null; back: ReactNode }) {
  const { t } = useTranslation();
  if (!error) return <Skeleton active />;
  const code = error instanceof ApiError ? error.code : null;
  return (
    <div data-testid="detail-error">
      <Result
        status={code === 'NOT_FOUND' ? '404' : 'warning'}
        title={code === 'NOT_FOUND' ? t('airegistry.not_found') : error.message}
        extra={back}
      />
    </div>
  );
}
