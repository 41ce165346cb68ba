import { Divider, Form, Input, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../components/form-drawer.js';
import { suppressEnter } from '../../../components/suppress-enter.js';
import { useConsoleState } from '../../../lib/console-state.js';
import { useNamespaces } from '../../../lib/namespaces.js';
import { notify } from '../../../lib/notify.js';
import { newPasswordRule } from '../../../lib/password-rule.js';
import type { UserRow } from '../api/get-users.js';
import { useSaveUser } from '../api/save-user.js';
import { roleOptions } from '../lib/roles.js';
import { formValuesOf, toSaveInput, userFieldRules, type UserFormMode, type UserFormValues } from '../lib/user-form.js';
import { NamespacePrivilegeFields } from './namespace-privilege-fields.js';

export interface UserDrawerState {
  mode: UserFormMode;
  row: UserRow | null;
}

export interface UserDrawerProps {
  state: UserDrawerState | null;
  onClose(): void;
  /** After a successful add or update: the list reloads on page 1. */
  onSaved(): void;
}

const TITLES: Record<UserFormMode, string> = {
  add: 'user.title_add',
  edit: 'user.title_edit',
  view: 'user.title_view',
};

export function UserDrawer({ state, onClose, onSaved }: UserDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFormValues>();
  const { list: namespaces } = useNamespaces();
  const save = useSaveUser();
  const mode = state?.mode ?? 'add';
  const rules = userFieldRules(mode);
  const privilege = state?.row?.namespacePrivilege ?? null;
  // the server refuses disabling or demoting one's own account: the switches are not offered
  const self = useConsoleState().username;
  const ownAccount = mode === 'edit' && !!state?.row && state.row.username === self;
  // the directory keeps an LDAP user's password and decides their role at each login; an OAuth2 user signs
  // in at the provider: neither has a password here to set
  const source = state?.row?.source ?? null;
  const fromDirectory = source === 'LDAP';
  const external = source === 'LDAP' || source === 'OAUTH2';

  const confirm = async () => {
    if (!rules.submits) return onClose();
    let values: UserFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await save.mutateAsync({ mode: mode === 'add' ? 'add' : 'edit', input: toSaveInput(values, privilege) });
    } catch {
      return;
    }
    notify.success(t('common.submit_success'));
    onSaved();
  };

  return (
    <FormDrawer
      open={state !== null}
      title={t(TITLES[mode])}
      resizable
      onClose={onClose}
      onConfirm={() => void confirm()}
      confirming={save.isPending}
    >
      {state && (
        <Form
          form={form}
          layout="vertical"
          initialValues={formValuesOf(state.row)}
          onKeyDown={suppressEnter}
          preserve={false}
          disabled={rules.readOnly}
        >
          <Form.Item
            name="username"
            label={t('user.username')}
            rules={[{ required: true, message: t('user.need_username') }]}
          >
            <Input disabled={rules.usernameLocked} autoComplete="off" />
          </Form.Item>
          <Form.Item name="nickname" label={t('user.nickname')}>
            <Input autoComplete="off" />
          </Form.Item>
          {external && (
            <Form.Item label={t('user.password')}>
              <Typography.Text type="secondary" data-testid="external-password">
                {t(source === 'LDAP' ? 'user.ldap_password' : 'user.oauth2_password')}
              </Typography.Text>
            </Form.Item>
          )}
          {rules.showPassword && !external && (
            <Form.Item
              name="password"
              label={t(rules.passwordRequired ? 'user.password' : 'user.reset_password')}
              validateTrigger="onBlur"
              rules={[
                ...(rules.passwordRequired ? [{ required: true, message: t('user.need_password') }] : []),
                newPasswordRule('user', t),
              ]}
            >
              <Input.Password
                autoComplete="new-password"
                placeholder={rules.passwordRequired ? undefined : t('user.reset_password_placeholder')}
              />
            </Form.Item>
          )}
          <Form.Item
            name="enable"
            label={t('user.enable')}
            valuePropName="checked"
            extra={ownAccount ? t('user.own_account') : undefined}
          >
            <Switch disabled={ownAccount} />
          </Form.Item>
          <Form.Item
            name="roles"
            label={t('user.roles')}
            extra={fromDirectory && !rules.readOnly ? t('user.ldap_managed') : undefined}
          >
            <Select
              mode="multiple"
              options={roleOptions(t)}
              data-testid="roles-picker"
              disabled={ownAccount || fromDirectory}
            />
          </Form.Item>
          <Divider titlePlacement="start">{t('user.privilege')}</Divider>
          <NamespacePrivilegeFields
            namespaces={namespaces}
            blacklistIsAll={privilege?.blacklistIsAll ?? false}
            disabled={rules.readOnly}
          />
        </Form>
      )}
    </FormDrawer>
  );
}
