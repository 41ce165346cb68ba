import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { namespaceLabel, type NamespaceRef } from '../lib/namespaces.js';

export interface NamespaceSelectorProps {
  value: string;
  list: NamespaceRef[];
  onChange(ns: NamespaceRef): void;
}

/** Picks the namespace a list works in; changing it reloads the list. */
export function NamespaceSelector({ value, list, onChange }: NamespaceSelectorProps) {
  const { t } = useTranslation();
  const options = list.map((ns) => ({ value: ns.namespaceId, label: namespaceLabel(ns) }));
  if (!list.some((ns) => ns.namespaceId === value)) options.push({ value, label: value });
  return (
    <span className="namespace-selector">
      <span className="namespace-selector-label">{t('common.namespace')}:</span>
      <Select
        aria-label={t('common.namespace')}
        data-testid="namespace-selector"
        value={value}
        options={options}
        style={{ minWidth: 200 }}
        popupMatchSelectWidth={false}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(id: string) => {
          const ns = list.find((n) => n.namespaceId === id) ?? { namespaceId: id, namespaceName: id };
          onChange(ns);
        }}
      />
    </span>
  );
}
