import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../components/form-drawer.js';
import { suppressEnter } from '../../../components/suppress-enter.js';
import { notify } from '../../../lib/notify.js';
import type { NamespaceRef } from '../../../lib/namespaces.js';
import { useSaveNamespace, type NamespaceFormMode } from '../api/save-namespace.js';

export interface NamespaceDrawerState {
  mode: NamespaceFormMode;
  namespace: NamespaceRef;
}

export interface NamespaceDrawerProps {
  state: NamespaceDrawerState | null;
  onClose(): void;
}

/** Name required; the id is optional on create and locked when editing. */
export function NamespaceDrawer({ state, onClose }: NamespaceDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NamespaceRef>();
  const save = useSaveNamespace();
  const mode = state?.mode ?? 'create';

  const confirm = async () => {
    let values: NamespaceRef;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await save.mutateAsync({
        namespaceId: (values.namespaceId ?? '').trim(),
        namespaceName: values.namespaceName,
        mode,
      });
    } catch {
      return;
    }
    notify.success(t('common.submit_success'));
    onClose();
  };

  return (
    <FormDrawer
      open={state !== null}
      title={t(mode === 'create' ? 'namespace.add_title' : 'namespace.edit_title')}
      onClose={onClose}
      onConfirm={() => void confirm()}
      confirming={save.isPending}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={state?.namespace ?? { namespaceId: '', namespaceName: '' }}
        onKeyDown={suppressEnter}
        preserve={false}
      >
        <Form.Item name="namespaceId" label={t('namespace.id')}>
          <Input placeholder={t('namespace.id_placeholder')} disabled={mode === 'update'} />
        </Form.Item>
        <Form.Item
          name="namespaceName"
          label={t('namespace.name')}
          rules={[{ required: true, message: t('namespace.need_name') }]}
        >
          <Input placeholder={t('namespace.name_placeholder')} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
