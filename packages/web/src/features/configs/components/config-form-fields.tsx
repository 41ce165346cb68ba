import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyCodeEditor } from '../../../components/code-editor/lazy-code-editor.js';
import { CONFIG_KEY_PATTERN, CONFIG_TYPES, type ConfigType } from '../lib/config-types.js';

export interface ConfigFormFieldsProps {
  keyLocked: boolean;
  readOnly: boolean;
  type: ConfigType;
}

/** dataId, group, description, format and the content editor highlighted for that format. */
export function ConfigFormFields({ keyLocked, readOnly, type }: ConfigFormFieldsProps) {
  const { t } = useTranslation();
  const keyRule = { pattern: CONFIG_KEY_PATTERN, message: t('config.invalid_key') };
  return (
    <>
      <Form.Item
        name="dataId"
        label={t('config.data_id')}
        rules={[{ required: true, message: t('config.need_data_id') }, keyRule]}
      >
        <Input disabled={keyLocked} readOnly={readOnly} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="group"
        label={t('config.group')}
        rules={[{ required: true, message: t('config.need_group') }, keyRule]}
      >
        <Input disabled={keyLocked} readOnly={readOnly} autoComplete="off" />
      </Form.Item>
      <Form.Item name="desc" label={t('config.desc')}>
        <Input readOnly={readOnly} autoComplete="off" />
      </Form.Item>
      <Form.Item name="configType" label={t('config.type')}>
        <Radio.Group
          disabled={readOnly}
          optionType="button"
          buttonStyle="solid"
          size="small"
          options={CONFIG_TYPES.map((v) => ({ value: v, label: v.toUpperCase() }))}
        />
      </Form.Item>
      <Form.Item name="content" label={t('config.content')}>
        <ContentEditor type={type} readOnly={readOnly} />
      </Form.Item>
    </>
  );
}

/** Adapts the editor to a Form.Item control (value / onChange). */
function ContentEditor(props: { value?: string; onChange?(v: string): void; type: ConfigType; readOnly: boolean }) {
  return (
    <LazyCodeEditor
      value={props.value ?? ''}
      onChange={props.onChange}
      type={props.type}
      readOnly={props.readOnly}
      height="calc(100vh - 480px)"
    />
  );
}
