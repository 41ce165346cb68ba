import { Form, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { namespaceLabel, type NamespaceRef } from '../../../lib/namespaces.js';
import { notify } from '../../../lib/notify.js';
import { useCloneConfigs, type ClonePolicy } from '../api/clone-configs.js';
import type { ConfigKey } from '../api/keys.js';

export interface ConfigCloneModalProps {
  open: boolean;
  keys: ConfigKey[];
  currentNamespaceId: string;
  namespaces: NamespaceRef[];
  onClose(): void;
}

interface CloneValues {
  target: string;
  policy: ClonePolicy;
}

/** Copies the selected configs into another namespace. */
export function ConfigCloneModal({ open, keys, currentNamespaceId, namespaces, onClose }: ConfigCloneModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CloneValues>();
  const clone = useCloneConfigs();
  const targets = namespaces.filter((ns) => ns.namespaceId !== currentNamespaceId);

  const confirm = async () => {
    let values: CloneValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    let result;
    try {
      result = await clone.mutateAsync({ keys, targetTenant: values.target, policy: values.policy });
    } catch {
      return;
    }
    notify.success(
      t('config.clone_done', { cloned: result.succCount, skipped: result.skipCount, ignored: result.ignored.length }),
    );
    onClose();
  };

  return (
    <Modal
      open={open}
      title={`${t('config.clone_title')} (${t('config.selected', { count: keys.length })})`}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={clone.isPending}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ policy: 'SKIP' }} preserve={false}>
        <Form.Item
          name="target"
          label={t('config.clone_target')}
          rules={[{ required: true, message: t('config.clone_same_namespace') }]}
        >
          <Select
            data-testid="clone-target"
            options={targets.map((ns) => ({ value: ns.namespaceId, label: namespaceLabel(ns) }))}
          />
        </Form.Item>
        <Form.Item name="policy" label={t('config.clone_policy')}>
          <Radio.Group
            options={[
              { value: 'SKIP', label: t('config.clone_skip') },
              { value: 'OVERWRITE', label: t('config.clone_overwrite') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
