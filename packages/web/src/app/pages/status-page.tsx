import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../paths.js';
import { UiProvider } from '../ui-provider.js';

/** A full-page message with the requested path (query parameter `path`) and a link home. */
export function StatusPage({ status, title }: { status: '404' | '403'; title: ReactNode }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const path = params.get('path');
  return (
    <UiProvider>
      <Result
        status={status}
        title={title}
        subTitle={path ? <code data-testid="requested-path">{t('pages.requested_path', { path })}</code> : null}
        extra={
          <Link to={paths.home}>
            <Button type="primary">{t('common.home')}</Button>
          </Link>
        }
      />
    </UiProvider>
  );
}
