import { Alert, Form, Input, Skeleton } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../components/form-drawer.js';
import { suppressEnter } from '../../../components/suppress-enter.js';
import { notify } from '../../../lib/notify.js';
import { useConfig } from '../api/get-config.js';
import type { ConfigKey } from '../api/keys.js';
import { usePublishConfig } from '../api/publish-config.js';
import {
  configFieldRules,
  formValuesOf,
  toPublishInput,
  type ConfigFormMode,
  type ConfigFormValues,
} from '../lib/config-form.js';
import { typeFromDataId } from '../lib/config-types.js';
import { ConfigBetaSection } from './config-beta-section.js';
import { ConfigTagSection } from './config-tag-section.js';
import { ConfigFormFields } from './config-form-fields.js';
import { PublishDialogs } from './publish-dialogs.js';
import { usePublishFlow } from './use-publish-flow.js';

export interface ConfigEditorState {
  mode: ConfigFormMode;
  key: ConfigKey | null;
}

export interface ConfigEditorDrawerProps {
  state: ConfigEditorState;
  tenant: string;
  /** Shown above the fields, so the user sees where the config goes. */
  namespaceName?: string;
  onClose(): void;
}

const TITLES: Record<ConfigFormMode, string> = {
  create: 'config.create_title',
  edit: 'config.edit_title',
  detail: 'config.detail_title',
};

/** Create, edit or view one config; publishing checks the content and shows the changes first. */
export function ConfigEditorDrawer({ state, tenant, namespaceName, onClose }: ConfigEditorDrawerProps) {
  const { t } = useTranslation();
  const rules = configFieldRules(state.mode);
  const current = useConfig(state.mode !== 'create' ? state.key : null);
  const [form] = Form.useForm<ConfigFormValues>();
  const type = Form.useWatch('configType', form) ?? 'text';
  const typeTouched = useRef(state.mode !== 'create');
  const publishMutation = usePublishConfig();
  const original = state.mode === 'create' ? null : (current.data?.value ?? '');
  const flow = usePublishFlow({
    original,
    publish: async () => {
      try {
        await publishMutation.mutateAsync(toPublishInput(form.getFieldsValue(true) as ConfigFormValues, tenant));
      } catch {
        return;
      }
      notify.success(t('common.submit_success'));
      onClose();
    },
  });

  const confirm = async () => {
    if (!rules.publishes) return onClose();
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as ConfigFormValues;
    await flow.start(values.configType, values.content ?? '');
  };

  const loading = state.mode !== 'create' && current.isPending;
  return (
    <FormDrawer
      open
      title={t(TITLES[state.mode])}
      width={900}
      resizable
      onClose={onClose}
      onConfirm={() => void confirm()}
      confirming={flow.step.kind === 'checking' || publishMutation.isPending}
      confirmText={rules.publishes ? t('config.publish') : undefined}
    >
      {loading ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={formValuesOf(state.key, current.data)}
          onKeyDown={suppressEnter}
          onValuesChange={(changed: Partial<ConfigFormValues>) => {
            if ('configType' in changed) typeTouched.current = true;
            const guessed = changed.dataId !== undefined && !typeTouched.current && typeFromDataId(changed.dataId);
            if (guessed) form.setFieldValue('configType', guessed);
          }}
        >
          <Form.Item label={t('common.namespace')} htmlFor="config-namespace">
            <Input id="config-namespace" value={namespaceName ?? tenant} disabled />
          </Form.Item>
          {current.data?.encryptedDataKey && (
            <Form.Item
              label={t('config.encrypted_data_key')}
              htmlFor="config-encrypted-data-key"
              extra={t('config.encrypted_data_key_hint')}
            >
              <Input id="config-encrypted-data-key" value={current.data.encryptedDataKey} disabled />
            </Form.Item>
          )}
          <ConfigFormFields keyLocked={rules.keyLocked} readOnly={rules.readOnly} type={type} />
          {flow.lastError && (
            <Alert
              type="error"
              showIcon
              data-testid="content-error"
              title={t('config.invalid_content', { type: type.toUpperCase() })}
              description={flow.lastError}
            />
          )}
        </Form>
      )}
      {!loading && state.key && current.data && (
        <ConfigBetaSection configKey={state.key} stableContent={current.data.value} canUpdate={rules.publishes} />
      )}
      {!loading && state.key && current.data && (
        // a new stable content (a promotion) starts the form over from it
        <ConfigTagSection
          key={current.data.value}
          configKey={state.key}
          stableContent={current.data.value}
          canUpdate={rules.publishes}
        />
      )}
      <PublishDialogs
        step={flow.step}
        type={type}
        original={original ?? ''}
        draft={flow.draft}
        publishing={publishMutation.isPending}
        onConfirmInvalid={() => void flow.confirmInvalid()}
        onConfirmDiff={() => void flow.confirmDiff()}
        onCancel={flow.cancel}
      />
    </FormDrawer>
  );
}
