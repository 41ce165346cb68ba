import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { newPasswordRule } from '../../../lib/password-rule.js';
import { suppressEnter } from '../../../components/suppress-enter.js';
import { useResetPassword } from '../api/reset-password.js';

interface PasswordValues {
  oldPassword?: string;
  newPassword?: string;
  newPasswordRepeated?: string;
}

export interface PasswordChangeModalProps {
  open: boolean;
  onClose(): void;
}

/** Old, new and confirmation; the confirmation must equal the new password. */
export function PasswordChangeModal({ open, onClose }: PasswordChangeModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const reset = useResetPassword();

  const submit = async () => {
    const { oldPassword, newPassword } = form.getFieldsValue();
    if (!oldPassword || !newPassword) {
      notify.error(t('common.input_cannot_be_empty'));
      return;
    }
    try {
      await form.validateFields();
      await reset.mutateAsync({ oldPassword, newPassword });
    } catch {
      return;
    }
    notify.success(t('account.modify_password_success'));
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('account.change_password')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={reset.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onKeyDown={suppressEnter} preserve={false}>
        <Form.Item
          name="oldPassword"
          label={t('account.old_password')}
          rules={[{ required: true, message: t('account.need_old_password') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('account.new_password')}
          rules={[{ required: true, message: t('account.need_new_password') }, newPasswordRule('account', t)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="newPasswordRepeated"
          label={t('account.new_password_repeated')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('account.need_new_password_repeated') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('account.password_mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
