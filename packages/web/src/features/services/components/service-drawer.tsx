import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../components/form-drawer.js';
import { suppressEnter } from '../../../components/suppress-enter.js';
import { notify } from '../../../lib/notify.js';
import type { ServiceRow } from '../api/get-services.js';
import { useSaveService } from '../api/save-service.js';
import {
  formValuesOf,
  protectThresholdError,
  selectorError,
  serviceFieldLocks,
  toSaveInput,
  type ServiceFormMode,
  type ServiceFormValues,
} from '../lib/service-form.js';

export interface ServiceDrawerState {
  mode: ServiceFormMode;
  row: ServiceRow | null;
}

export interface ServiceDrawerProps {
  state: ServiceDrawerState | null;
  namespaceId: string;
  onClose(): void;
}

const TITLES: Record<ServiceFormMode, string> = {
  create: 'service.add_title',
  update: 'service.edit_title',
  detail: 'service.detail_title',
};

/** Detail is read-only (Confirm just closes); update locks name and group; create edits everything. */
export function ServiceDrawer({ state, namespaceId, onClose }: ServiceDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ServiceFormValues>();
  const save = useSaveService();
  const mode = state?.mode ?? 'create';
  const locks = serviceFieldLocks(mode);

  const confirm = async () => {
    if (!locks.submits) return onClose();
    let values: ServiceFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await save.mutateAsync(toSaveInput(values, namespaceId, mode === 'create' ? 'create' : 'update'));
    } catch {
      return;
    }
    notify.success(t('common.submit_success'));
    onClose();
  };

  return (
    <FormDrawer
      open={state !== null}
      title={t(TITLES[mode])}
      onClose={onClose}
      onConfirm={() => void confirm()}
      confirming={save.isPending}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={formValuesOf(state?.row ?? null)}
        onKeyDown={suppressEnter}
        preserve={false}
        disabled={locks.rest}
      >
        <Form.Item
          name="serviceName"
          label={t('service.name')}
          rules={[{ required: true, message: t('service.need_name') }]}
        >
          <Input disabled={locks.key} />
        </Form.Item>
        <Form.Item
          name="groupName"
          label={t('service.group')}
          rules={[{ required: true, message: t('service.need_group') }]}
        >
          <Input disabled={locks.key} />
        </Form.Item>
        <Form.Item
          name="protectThreshold"
          label={t('service.protect_threshold')}
          rules={[
            {
              validator: (_, value) => {
                const error = protectThresholdError(value as string);
                return error ? Promise.reject(new Error(t(error))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input placeholder="0 - 1" />
        </Form.Item>
        <Form.Item name="metadata" label={t('service.metadata')}>
          <Input.TextArea rows={6} placeholder={t('service.metadata_placeholder')} />
        </Form.Item>
        <Form.Item
          name="selector"
          label={t('service.selector')}
          extra={t('service.selector_help')}
          rules={[
            {
              validator: (_, value) => {
                const error = selectorError(value as string);
                return error ? Promise.reject(new Error(t(error))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input placeholder='{"type":"label","expression":"..."}' />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
