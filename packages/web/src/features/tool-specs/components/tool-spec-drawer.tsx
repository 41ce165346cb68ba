import type { ToolSpecDto } from '@tsnacos/protocol';
import { Form, Input } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { revealFirstError } from '../../../components/reveal-first-error.js';
import { FormDrawer } from '../../../components/form-drawer.js';
import { suppressEnter } from '../../../components/suppress-enter.js';
import { problemText } from '../../../lib/json-problem-text.js';
import { notify } from '../../../lib/notify.js';
import { useSaveToolSpec } from '../api/save-tool-spec.js';
import {
  formValuesOf,
  schemaTextProblems,
  TOOL_NAME_PATTERN,
  toToolSpecParam,
  type ToolSpecFormMode,
  type ToolSpecFormValues,
} from '../lib/tool-spec-form.js';
import { SchemaEditor } from './schema-editor.js';

export interface ToolSpecDrawerState {
  mode: ToolSpecFormMode;
  spec: ToolSpecDto | null;
}

export interface ToolSpecDrawerProps {
  state: ToolSpecDrawerState;
  namespaceId: string;
  onClose(): void;
}

/** Create or edit a tool spec; every save is a new version. Group and tool name are fixed once created. */
export function ToolSpecDrawer({ state, namespaceId, onClose }: ToolSpecDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ToolSpecFormValues>();
  const save = useSaveToolSpec();
  const keyLocked = state.mode === 'update';
  const formArea = useRef<HTMLDivElement>(null);

  const confirm = async () => {
    let values: ToolSpecFormValues;
    try {
      values = await form.validateFields();
    } catch (err) {
      // said where the user looks: a toast, and the field's message brought into view (the schema's is
      // below a tall editor)
      const [first] = (err as { errorFields?: Array<{ errors: string[] }> }).errorFields ?? [];
      if (first?.errors[0]) notify.error(first.errors[0]);
      revealFirstError(formArea.current);
      return;
    }
    try {
      await save.mutateAsync({ ...toToolSpecParam(values, namespaceId), mode: state.mode });
    } catch {
      return;
    }
    notify.success(t('common.submit_success'));
    onClose();
  };

  return (
    <FormDrawer
      open
      title={t(state.mode === 'create' ? 'toolspec.add_title' : 'toolspec.edit_title')}
      onClose={onClose}
      onConfirm={() => void confirm()}
      confirming={save.isPending}
      width={760}
      resizable
    >
      <div ref={formArea}>
        <Form form={form} layout="vertical" initialValues={formValuesOf(state.spec)} onKeyDown={suppressEnter}>
          <Form.Item name="group" label={t('toolspec.group')} rules={[{ required: true, whitespace: true }]}>
            <Input disabled={keyLocked} />
          </Form.Item>
          <Form.Item
            name="toolName"
            label={t('toolspec.tool_name')}
            rules={[
              { required: true, whitespace: true, message: t('toolspec.need_tool_name') },
              { pattern: TOOL_NAME_PATTERN, message: t('toolspec.tool_name_invalid') },
            ]}
          >
            <Input disabled={keyLocked} />
          </Form.Item>
          <Form.Item
            name="functionName"
            label={t('toolspec.function_name')}
            extra={t('toolspec.function_name_help')}
            rules={[{ pattern: TOOL_NAME_PATTERN, message: t('toolspec.tool_name_invalid') }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="description"
            label={t('toolspec.description')}
            extra={t('toolspec.description_help')}
            rules={[{ required: true, whitespace: true, message: t('toolspec.need_description') }]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item
            name="schemaText"
            label={t('toolspec.input_schema')}
            extra={t('toolspec.input_schema_help')}
            rules={[
              {
                validator: (_, value: string) => {
                  const [first] = schemaTextProblems(value ?? '');
                  if (!first) return Promise.resolve();
                  return Promise.reject(new Error(t('toolspec.schema_invalid', { problem: problemText(first) })));
                },
              },
            ]}
          >
            <SchemaEditor />
          </Form.Item>
        </Form>
      </div>
    </FormDrawer>
  );
}
