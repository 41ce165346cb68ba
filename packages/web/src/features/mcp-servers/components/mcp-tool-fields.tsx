import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Input, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONVERT_TYPES, HTTP_METHODS, urlTemplateError } from '../lib/mcp-server-form.js';

export interface PickOption {
  value: string;
  label: string;
}

export interface McpToolFieldsProps {
  /** The Form.List field index. */
  index: number;
  specOptions: PickOption[];
  serviceOptions: PickOption[];
  onRemove(): void;
}

/** One tool of a server: the spec it serves and the route rule to a registry service. */
export function McpToolFields({ index, specOptions, serviceOptions, onRemove }: McpToolFieldsProps) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={t('mcpserver.tool', { n: index + 1 })}
      style={{ marginBottom: 12 }}
      extra={
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('mcpserver.remove_tool')}
          onClick={onRemove}
        />
      }
    >
      <Form.Item
        name={[index, 'spec']}
        label={t('mcpserver.tool_spec')}
        rules={[{ required: true, message: t('mcpserver.need_tool_spec') }]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={specOptions}
          aria-label={t('mcpserver.tool_spec')}
        />
      </Form.Item>
      <Form.Item
        name={[index, 'service']}
        label={t('mcpserver.service')}
        extra={t('mcpserver.service_help')}
        rules={[{ required: true, message: t('mcpserver.need_service') }]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={serviceOptions}
          aria-label={t('mcpserver.service')}
        />
      </Form.Item>
      <Row gutter={12}>
        <Col span={6}>
          <Form.Item name={[index, 'method']} label={t('mcpserver.method')}>
            <Select options={HTTP_METHODS.map((m) => ({ value: m, label: m }))} aria-label={t('mcpserver.method')} />
          </Form.Item>
        </Col>
        <Col span={18}>
          <Form.Item
            name={[index, 'url']}
            label={t('mcpserver.url')}
            extra={t('mcpserver.url_help', { path: '/orders/{{id}}', arg: '{{name}}' })}
            rules={[
              {
                validator: (_, value: string) => {
                  const error = urlTemplateError(value);
                  return error ? Promise.reject(new Error(t(error))) : Promise.resolve();
                },
              },
            ]}
          >
            <Input aria-label={t('mcpserver.url')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name={[index, 'convertType']} label={t('mcpserver.convert_type')}>
        <Select
          options={CONVERT_TYPES.map((c) => ({ value: c, label: t(`mcpserver.convert_${c}`) }))}
          aria-label={t('mcpserver.convert_type')}
        />
      </Form.Item>
      <Form.Item label={t('mcpserver.headers')} style={{ marginBottom: 0 }}>
        <Form.List name={[index, 'headers']}>
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={[field.name, 'name']} rules={[{ required: true, whitespace: true }]}>
                    <Input placeholder={t('mcpserver.header_name')} aria-label={t('mcpserver.header_name')} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'value']}>
                    <Input placeholder={t('mcpserver.header_value')} aria-label={t('mcpserver.header_value')} />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                    aria-label={t('common.remove')}
                  />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', value: '' })}>
                {t('mcpserver.add_header')}
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
    </Card>
  );
}
