import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page.js';

export function NoPermissionPage() {
  const { t } = useTranslation();
  return <StatusPage status="403" title={t('pages.no_permission_text')} />;
}
