import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConsoleState } from '../../lib/console-state.js';

/** Shown to admins while the first admin still has the well-known default password. */
export function DefaultPasswordBanner() {
  const { t } = useTranslation();
  const { defaultPasswordUser } = useConsoleState();
  if (!defaultPasswordUser) return null;
  return (
    <Alert
      type="warning"
      showIcon
      banner
      message={t('layout.default_password', { username: defaultPasswordUser })}
      data-testid="default-password-banner"
    />
  );
}
