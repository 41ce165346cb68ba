import type { ConfigInfo } from '../api/get-config.js';
import type { ConfigKey } from '../api/keys.js';
import type { PublishConfigInput } from '../api/publish-config.js';
import { DEFAULT_GROUP, normalizeConfigType, type ConfigType } from './config-types.js';

export type ConfigFormMode = 'create' | 'edit' | 'detail';

export interface ConfigFormValues {
  dataId: string;
  group: string;
  desc: string;
  configType: ConfigType;
  content: string;
}

export function configFieldRules(mode: ConfigFormMode) {
  return { keyLocked: mode !== 'create', readOnly: mode === 'detail', publishes: mode !== 'detail' };
}

export function formValuesOf(key: ConfigKey | null, info: ConfigInfo | undefined): ConfigFormValues {
  return {
    dataId: key?.dataId ?? '',
    group: key?.group ?? DEFAULT_GROUP,
    desc: info?.desc ?? '',
    configType: normalizeConfigType(info?.configType),
    content: info?.value ?? '',
  };
}

export function toPublishInput(values: ConfigFormValues, tenant: string): PublishConfigInput {
  return {
    tenant,
    dataId: values.dataId.trim(),
    group: values.group.trim(),
    content: values.content ?? '',
    configType: values.configType,
    desc: values.desc ?? '',
  };
}
