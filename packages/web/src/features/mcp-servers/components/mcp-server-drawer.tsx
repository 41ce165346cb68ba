import { PlusOutlined } from '@ant-design/icons';
import type { McpServerDto } from '@tsnacos/protocol';
import { Alert, Button, Empty, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../components/form-drawer.js';
import { suppressEnter } from '../../../components/suppress-enter.js';
import { notify } from '../../../lib/notify.js';
import { useSaveMcpServer } from '../api/save-mcp-server.js';
import {
  duplicateTools,
  emptyTool,
  formValuesOf,
  newAuthKey,
  toServerParam,
  UNIQUE_KEY_PATTERN,
  type McpServerFormValues,
  type ToolFormValues,
} from '../lib/mcp-server-form.js';
import { McpToolFields } from './mcp-tool-fields.js';
import { usePickOptions } from './use-pick-options.js';

export interface McpServerDrawerProps {
  /** null: a new server. */
  server: McpServerDto | null;
  namespaceId: string;
  onClose(): void;
}

/** Create a server (published at once) or edit one (a new draft): its keys and its tools with their routes. */
export function McpServerDrawer({ server, namespaceId, onClose }: McpServerDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<McpServerFormValues>();
  const save = useSaveMcpServer();
  const options = usePickOptions(server?.namespace ?? namespaceId);
  const creating = server === null;

  const confirm = async () => {
    let values: McpServerFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await save.mutateAsync(toServerParam(values, server?.namespace ?? namespaceId, server?.id));
    } catch {
      return;
    }
    notify.success(t('common.submit_success'));
    onClose();
  };

  return (
    <FormDrawer
      open
      title={t(creating ? 'mcpserver.add_title' : 'mcpserver.edit_title')}
      onClose={onClose}
      onConfirm={() => void confirm()}
      confirming={save.isPending}
      width={820}
      resizable
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t(creating ? 'mcpserver.add_help' : 'mcpserver.edit_help')}
      />
      <Form form={form} layout="vertical" initialValues={formValuesOf(server)} onKeyDown={suppressEnter}>
        <Form.Item
          name="name"
          label={t('mcpserver.name')}
          rules={[{ required: true, whitespace: true, message: t('mcpserver.need_name') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="uniqueKey"
          label={t('mcpserver.unique_key')}
          extra={creating ? t('mcpserver.unique_key_help') : undefined}
          rules={[{ pattern: UNIQUE_KEY_PATTERN, message: t('mcpserver.unique_key_invalid') }]}
        >
          <Input disabled={!creating} />
        </Form.Item>
        <Form.Item name="description" label={t('mcpserver.description')}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item label={t('mcpserver.auth_keys')} extra={t('mcpserver.auth_keys_help')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="authKeys"
              noStyle
              rules={[{ required: true, type: 'array', min: 1, message: t('mcpserver.need_auth_key') }]}
            >
              <Select mode="tags" open={false} aria-label={t('mcpserver.auth_keys')} style={{ width: '100%' }} />
            </Form.Item>
            <Button
              onClick={() =>
                form.setFieldValue('authKeys', [...(form.getFieldValue('authKeys') as string[]), newAuthKey()])
              }
            >
              {t('mcpserver.generate_key')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.List
          name="tools"
          rules={[
            {
              validator: (_, tools: ToolFormValues[]) => {
                const twice = duplicateTools(tools ?? []);
                return twice.length > 0
                  ? Promise.reject(new Error(t('mcpserver.duplicate_tool', { names: twice.join(', ') })))
                  : Promise.resolve();
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <Form.Item label={t('mcpserver.tools')}>
              {fields.length === 0 && (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mcpserver.no_tools')} />
              )}
              {fields.map((field) => (
                <McpToolFields
                  key={field.key}
                  index={field.name}
                  specOptions={options.specs}
                  serviceOptions={options.services}
                  onRemove={() => remove(field.name)}
                />
              ))}
              <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add(emptyTool())}>
                {t('mcpserver.add_tool')}
              </Button>
              <Form.ErrorList errors={errors} />
            </Form.Item>
          )}
        </Form.List>
      </Form>
    </FormDrawer>
  );
}
