import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page.js';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      status="404"
      title={
        <>
          {t('pages.not_found_title')} <small>{t('pages.not_found_text')}</small>
        </>
      }
    />
  );
}
