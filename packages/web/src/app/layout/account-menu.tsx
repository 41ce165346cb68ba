import { UserOutlined, DownOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api/logout.js';
import { PasswordChangeModal } from '../../features/auth/components/password-change-modal.js';
import { clearConsoleState, useConsoleState } from '../../lib/console-state.js';
import { LOGOUT_REDIRECT_DELAY_MS } from '../../lib/constants.js';
import { beginLogout } from '../../lib/login-redirect.js';
import { notify } from '../../lib/notify.js';
import { paths } from '../paths.js';

/**
 * Password change (for users with a password here) and logout; not shown in old console mode (there is no
 * session).
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { username, isOldConsole, hasOwnPassword } = useConsoleState();
  const logout = useLogout();
  const [changingPassword, setChangingPassword] = useState(false);
  if (isOldConsole) return null;

  const doLogout = async () => {
    try {
      await logout.mutateAsync();
    } catch {
      return;
    }
    notify.success(t('account.logout_success'));
    const loggedOut = beginLogout();
    clearConsoleState(queryClient);
    setTimeout(() => {
      void navigate(paths.login);
      loggedOut();
    }, LOGOUT_REDIRECT_DELAY_MS);
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          // an LDAP or OAuth2 user has no password here: nothing to change
          items: [
            ...(hasOwnPassword
              ? [{ key: 'password', label: t('account.change_password') }, { type: 'divider' as const }]
              : []),
            { key: 'logout', label: t('account.logout'), danger: true },
          ],
          onClick: ({ key }) => (key === 'logout' ? void doLogout() : setChangingPassword(true)),
        }}
      >
        <Button type="text" icon={<UserOutlined />} aria-label={t('layout.account')} data-testid="account-menu">
          {username ?? t('layout.account')} <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      <PasswordChangeModal open={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
}
