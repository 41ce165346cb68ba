import { Form, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { namespaceLabel, type NamespaceRef } from '../../../lib/namespaces.js';

export interface NamespacePrivilegeFieldsProps {
  namespaces: NamespaceRef[];
  /** The user's blacklist covers every namespace: no picker (and no switch) for it. */
  blacklistIsAll: boolean;
  disabled: boolean;
}

/** Whitelist all/part (the picker only for "part") and the blacklist picker. */
export function NamespacePrivilegeFields({ namespaces, blacklistIsAll, disabled }: NamespacePrivilegeFieldsProps) {
  const { t } = useTranslation();
  const options = namespaces.map((ns) => ({ value: ns.namespaceId, label: namespaceLabel(ns) }));
  const whitelistMode = Form.useWatch<'all' | 'part'>('whitelistMode');
  return (
    <>
      <Form.Item name="whitelistMode" label={t('user.whitelist')}>
        <Radio.Group
          disabled={disabled}
          optionType="button"
          options={[
            { value: 'all', label: t('user.all') },
            { value: 'part', label: t('user.part') },
          ]}
        />
      </Form.Item>
      {whitelistMode === 'part' && (
        <Form.Item name="whitelist" aria-label={t('user.whitelist')}>
          <Select
            mode="multiple"
            data-testid="whitelist-picker"
            disabled={disabled}
            options={options}
            placeholder={t('user.pick_namespaces')}
          />
        </Form.Item>
      )}
      {!blacklistIsAll && (
        <Form.Item name="blacklist" label={t('user.blacklist')}>
          <Select
            mode="multiple"
            data-testid="blacklist-picker"
            disabled={disabled}
            options={options}
            placeholder={t('user.pick_namespaces')}
          />
        </Form.Item>
      )}
    </>
  );
}
