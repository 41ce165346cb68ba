import { Button, Input, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FilterField {
  key: string;
  label: string;
  value: string;
}

export interface FilterBarProps {
  fields: FilterField[];
  /** Called with the typed values when Query is clicked or Enter pressed in a filter. */
  onQuery(values: Record<string, string>): void;
  actions?: ReactNode;
}

/** Text filters with a Query button; the committed values come from (and go back to) the URL. */
export function FilterBar({ fields, onQuery, actions }: FilterBarProps) {
  const { t } = useTranslation();
  const committed = JSON.stringify(fields.map((f) => f.value));
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.key, f.value])),
  );
  // The URL changed (back/forward): show what it says.
  const [shownCommitted, setShownCommitted] = useState(committed);
  if (shownCommitted !== committed) {
    setShownCommitted(committed);
    setDraft(Object.fromEntries(fields.map((f) => [f.key, f.value])));
  }
  return (
    <div className="page-toolbar">
      <Space wrap>
        {fields.map((f) => (
          <Input
            key={f.key}
            aria-label={f.label}
            placeholder={f.label}
            allowClear
            value={draft[f.key] ?? ''}
            style={{ width: 220 }}
            onChange={(e) => setDraft((d) => ({ ...d, [f.key]: e.target.value }))}
            onPressEnter={(e) => {
              e.preventDefault();
              onQuery(draft);
            }}
          />
        ))}
        <Button onClick={() => onQuery(draft)}>{t('common.query')}</Button>
      </Space>
      {actions && <Space wrap>{actions}</Space>}
    </div>
  );
}
