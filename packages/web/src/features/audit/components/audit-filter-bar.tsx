import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { AUDIT_DOORS, AUDIT_OUTCOMES } from '@tsnacos/protocol';
import { Button, DatePicker, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditFilters } from '../api/keys.js';

export interface AuditFilterBarProps {
  filters: AuditFilters;
  onQuery(filters: AuditFilters): void;
  onExport(format: 'csv' | 'jsonl'): void;
}

type Range = [Dayjs | null, Dayjs | null] | null;

/** User, action, namespace, door, outcome and time range; applied with Query (they go to the URL). */
export function AuditFilterBar({ filters, onQuery, onExport }: AuditFilterBarProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AuditFilters>(filters);
  // the URL changed (back, forward, a link): show what it says
  const [shown, setShown] = useState(JSON.stringify(filters));
  if (shown !== JSON.stringify(filters)) {
    setShown(JSON.stringify(filters));
    setDraft(filters);
  }
  const text = (key: 'username' | 'action' | 'namespaceId', label: string) => (
    <Input
      aria-label={label}
      placeholder={label}
      allowClear
      value={draft[key] ?? ''}
      onChange={(e) => setDraft({ ...draft, [key]: e.target.value || undefined })}
      onPressEnter={() => onQuery(draft)}
      style={{ width: 160 }}
    />
  );
  const range: Range = [draft.from ? dayjs(draft.from) : null, draft.to ? dayjs(draft.to) : null];
  return (
    <div className="page-toolbar">
      <Space wrap>
        {text('username', t('audit.username'))}
        {text('action', t('audit.action'))}
        {text('namespaceId', t('audit.namespace'))}
        <Select
          aria-label={t('audit.door')}
          placeholder={t('audit.door')}
          allowClear
          style={{ width: 120 }}
          value={draft.door}
          options={AUDIT_DOORS.map((d) => ({ value: d, label: d }))}
          onChange={(door) => setDraft({ ...draft, door })}
        />
        <Select
          aria-label={t('audit.outcome')}
          placeholder={t('audit.outcome')}
          allowClear
          style={{ width: 120 }}
          value={draft.outcome}
          options={AUDIT_OUTCOMES.map((o) => ({ value: o, label: t(`audit.outcome_${o}`) }))}
          onChange={(outcome) => setDraft({ ...draft, outcome })}
        />
        <DatePicker.RangePicker
          showTime
          allowEmpty={[true, true]}
          value={range}
          onChange={(v: Range) =>
            setDraft({ ...draft, from: v?.[0]?.valueOf() ?? undefined, to: v?.[1]?.valueOf() ?? undefined })
          }
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={() => onQuery(draft)}>
          {t('common.query')}
        </Button>
      </Space>
      <Space wrap>
        <Button icon={<DownloadOutlined />} onClick={() => onExport('csv')}>
          {t('audit.export_csv')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => onExport('jsonl')}>
          {t('audit.export_jsonl')}
        </Button>
      </Space>
    </div>
  );
}
