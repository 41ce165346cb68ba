import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ServiceRef } from '../../../app/paths.js';
import { FormDrawer } from '../../../components/form-drawer.js';
import { suppressEnter } from '../../../components/suppress-enter.js';
import { notify } from '../../../lib/notify.js';
import type { Instance } from '../api/get-instances.js';
import { useAddPersistentInstance } from '../api/add-instance.js';
import { useUpdateInstance } from '../api/update-instance.js';
import {
  formValuesOf,
  metadataError,
  parseWeight,
  portError,
  weightError,
  type InstanceFormMode,
  type InstanceFormValues,
} from '../lib/instance-form.js';

export interface InstanceDrawerState {
  mode: InstanceFormMode;
  /** null when creating. */
  instance: Instance | null;
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

const TITLES: Record<InstanceFormMode, string> = {
  detail: 'instance.detail_title',
  update: 'instance.edit_title',
  create: 'instance.add_title',
};

/** Detail, update or create (a persistent instance); the address is set only on create. */
export function InstanceDrawer({ state, service, onClose, onSaved }: InstanceDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<InstanceFormValues>();
  const update = useUpdateInstance();
  const add = useAddPersistentInstance();
  const mode = state?.mode ?? 'detail';
  const readOnly = mode === 'detail';
  const creating = mode === 'create';

  const confirm = async () => {
    if (readOnly || !state) return onClose();
    let values: InstanceFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const fields = {
      ...service,
      enabled: values.enabled,
      weight: parseWeight(values.weight),
      metadata: values.metadata?.trim() ? JSON.stringify(JSON.parse(values.metadata)) : '{}',
    };
    try {
      if (creating) {
        const address = { ip: values.ip.trim(), port: Number(values.port), clusterName: values.clusterName?.trim() };
        await add.mutateAsync({ ...fields, ...address });
      } else {
        const { ip, port, clusterName } = state.instance!;
        await update.mutateAsync({ ...fields, ip, port, clusterName });
      }
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
      title={t(TITLES[mode])}
      onClose={onClose}
      onConfirm={() => void confirm()}
      confirming={update.isPending || add.isPending}
    >
      {state && (
        <Form
          form={form}
          layout="vertical"
          initialValues={formValuesOf(state.instance)}
          onKeyDown={suppressEnter}
          preserve={false}
        >
          <Form.Item
            name="ip"
            label={t('instance.ip')}
            rules={creating ? [{ required: true, whitespace: true, message: t('instance.need_ip') }] : []}
          >
            <Input disabled={!creating} />
          </Form.Item>
          <Form.Item name="port" label={t('instance.port')} rules={creating ? [rule(portError, t)] : []}>
            <Input disabled={!creating} />
          </Form.Item>
          <Form.Item name="clusterName" label={t('instance.cluster')}>
            <Input disabled={!creating} />
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
