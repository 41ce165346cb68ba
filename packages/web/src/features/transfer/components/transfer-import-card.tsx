import { UploadOutlined } from '@ant-design/icons';
import type { TransferImportResult } from '@tsnacos/protocol';
import { Alert, Button, Card, Checkbox, Descriptions, Modal, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { uploadSucceeded } from '../../../components/upload/upload-outcome.js';
import {
  DEFAULT_IMPORT_CHOICE,
  importResultOf,
  importTransfer,
  type TransferImportChoice,
} from '../api/import-transfer.js';
import { importFailureText } from '../lib/import-failure.js';
import { summarizeImport } from '../lib/import-summary.js';

function ImportReport({ result }: { result: TransferImportResult }) {
  const { t } = useTranslation();
  const s = summarizeImport(result);
  return (
    <div data-testid="import-summary" style={{ marginTop: 16 }}>
      <Descriptions size="small" column={1} bordered title={t('transfer.result_title')}>
        <Descriptions.Item label={t('transfer.part_configs')}>{s.configs}</Descriptions.Item>
        <Descriptions.Item label={t('transfer.part_grays')}>{s.grays}</Descriptions.Item>
        <Descriptions.Item label={t('transfer.part_namespaces')}>{s.namespaces}</Descriptions.Item>
        <Descriptions.Item label={t('transfer.part_instances')}>{s.instances}</Descriptions.Item>
        <Descriptions.Item label={t('transfer.part_users')}>{s.users}</Descriptions.Item>
        <Descriptions.Item label={t('transfer.part_mcp_specs')}>{s.mcpToolSpecs}</Descriptions.Item>
        <Descriptions.Item label={t('transfer.part_mcp_servers')}>{s.mcpServers}</Descriptions.Item>
        <Descriptions.Item label={t('transfer.skipped')}>{s.skipped}</Descriptions.Item>
        <Descriptions.Item label={t('transfer.ignored')}>{s.ignored}</Descriptions.Item>
      </Descriptions>
      {s.skippedDetails.length > 0 && (
        <ul className="transfer-skipped">
          {s.skippedDetails.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Import of a transfer file: the parts to import are chosen, the file confirmed, the counts shown after. */
export function TransferImportCard() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [choice, setChoice] = useState<TransferImportChoice>(DEFAULT_IMPORT_CHOICE);
  const [pending, setPending] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TransferImportResult | null>(null);

  const run = async (file: File) => {
    setBusy(true);
    setResult(null);
    try {
      const answer = await importTransfer(file, choice);
      if (uploadSucceeded(answer)) {
        notify.success(t('common.upload_success'));
        setResult(importResultOf(answer) ?? null);
      } else {
        notify.error(importFailureText(answer));
      }
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const parts = [
    choice.configs && t('transfer.part_configs_namespaces'),
    t('transfer.part_instances'),
    t('transfer.part_mcp'),
    choice.users && t('transfer.part_users'),
  ].filter(Boolean);

  return (
    <Card title={t('transfer.import_title')} size="small">
      <Typography.Paragraph type="secondary">{t('transfer.import_text')}</Typography.Paragraph>
      <Space direction="vertical" style={{ marginBottom: 12 }}>
        <Checkbox checked={choice.configs} onChange={(e) => setChoice({ ...choice, configs: e.target.checked })}>
          {t('transfer.choose_configs')}
        </Checkbox>
        <Checkbox checked={choice.users} onChange={(e) => setChoice({ ...choice, users: e.target.checked })}>
          {t('transfer.choose_users')}
        </Checkbox>
      </Space>
      {choice.users && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('transfer.users_warning')} />
      )}
      <input
        ref={input}
        type="file"
        hidden
        data-testid="file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) setPending(file);
        }}
      />
      <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
        {t('transfer.import_button')}
      </Button>
      <Modal
        open={pending !== null}
        title={t('transfer.confirm_title', { name: pending?.name ?? '' })}
        okText={t('transfer.confirm_ok')}
        confirmLoading={busy}
        onOk={() => pending && void run(pending)}
        onCancel={() => !busy && setPending(null)}
      >
        <Typography.Paragraph>{t('transfer.confirm_text', { parts: parts.join(', ') })}</Typography.Paragraph>
        {!choice.users && (
          <Typography.Paragraph type="secondary">{t('transfer.confirm_no_users')}</Typography.Paragraph>
        )}
      </Modal>
      {result && <ImportReport result={result} />}
    </Card>
  );
}
