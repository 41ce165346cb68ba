import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ServiceRef } from '../../../app/paths.js';
import { FormDrawer } from '../../../components/form-drawer.js';
import { suppressEnter } from '../../../components/suppress-enter.js';
import { notify } from '../../../lib/notify.js';
import type { Instance } from '../api/get-instances.js';
import { useUpdateInstance } from '../api/update-instance.js';
import {
  formValuesOf,
  metadataError,
  parseWeight,
  weightError,
  type InstanceFormMode,
  type InstanceFormValues,
} from '../lib/instance-form.js';

export interface InstanceDrawerState {
  mode: InstanceFormMode;
  instance: Instance;
}

export interface InstanceDrawerProps {
  state: InstanceDrawerState | null;
  service: ServiceRef;
  onClose(): void;
  onSaved(): void;
}

const rule = (check: (v: string) => string | null, t: (k: string) => string) => ({
  validator: (_: unknown, value: string) => {
    const error = check(value);
    return error ? Promise.reject(new Error(t(error))) : Promise.resolve();
  },
});

/** Detail or update; only update submits. ip and port are always read-only. */
export function InstanceDrawer({ state, service, onClose, onSaved }: InstanceDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<InstanceFormValues>();
  const update = useUpdateInstance();
  const readOnly = state?.mode !== 'update';

  const confirm = async () => {
    if (readOnly || !state) return onClose();
    let values: InstanceFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const metadata = values.metadata?.trim() ? JSON.stringify(JSON.parse(values.metadata)) : '{}';
    try {
      await update.mutateAsync({
        ...service,
        ip: state.instance.ip,
        port: state.instance.port,
        enabled: values.enabled,
        weight: parseWeight(values.weight),
        metadata,
      });
    } catch {
      return;
    }
    notify.success(t('common.submit_success'));
    onSaved();
    onClose();
  };

  return (
    <FormDrawer
      open={state !== null}
      title={t(readOnly ? 'instance.detail_title' : 'instance.edit_title')}
      onClose={onClose}
      onConfirm={() => void confirm()}
      confirming={update.isPending}
    >
      {state && (
        <Form
          form={form}
          layout="vertical"
          initialValues={formValuesOf(state.instance)}
          onKeyDown={suppressEnter}
          preserve={false}
        >
          <Form.Item name="ip" label={t('instance.ip')}>
            <Input disabled />
          </Form.Item>
          <Form.Item name="port" label={t('instance.port')}>
            <Input disabled />
          </Form.Item>
          <Form.Item name="weight" label={t('instance.weight')} rules={[rule(weightError, t)]}>
            <Input disabled={readOnly} />
          </Form.Item>
          <Form.Item name="enabled" label={t('instance.enabled')} valuePropName="checked">
            <Switch
              disabled={readOnly}
              checkedChildren={t('instance.online')}
              unCheckedChildren={t('instance.offline')}
            />
          </Form.Item>
          <Form.Item name="metadata" label={t('instance.metadata')} rules={[rule(metadataError, t)]}>
            <Input.TextArea rows={8} disabled={readOnly} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        </Form>
      )}
    </FormDrawer>
  );
}
