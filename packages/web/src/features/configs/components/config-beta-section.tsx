import { Alert, Button, Card, Input, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { useBetaAction, useConfigBeta, type BetaAction, type ConfigBetaInfo } from '../api/config-beta.js';
import type { ConfigKey } from '../api/keys.js';

export interface ConfigBetaSectionProps {
  configKey: ConfigKey;
  /** Content the beta form starts from when there is no beta yet (the stable config's). */
  stableContent: string;
  canUpdate: boolean;
}

/**
 * The beta release of a config: clients whose IP is listed read its content instead of the config's.
 * Publish one, stop it (they read the config again) or promote it (everyone reads it).
 */
export function ConfigBetaSection(props: ConfigBetaSectionProps) {
  const beta = useConfigBeta(props.configKey);
  if (beta.isPending) return null;
  const current = beta.data ?? null;
  // a new beta version starts the form over from it
  return <BetaForm key={current ? `${current.modifiedTime}` : 'none'} {...props} current={current} />;
}

function BetaForm({
  configKey,
  stableContent,
  canUpdate,
  current,
}: ConfigBetaSectionProps & { current: ConfigBetaInfo | null }) {
  const { t } = useTranslation();
  const action = useBetaAction();
  const [ips, setIps] = useState(current?.betaIps ?? '');
  const [content, setContent] = useState(current?.value ?? stableContent);

  const run = async (kind: BetaAction) => {
    try {
      await action.mutateAsync({ action: kind, key: configKey, content, betaIps: ips });
    } catch {
      return; // the API client has shown the error
    }
    notify.success(t(`config.beta_${kind}_done`));
  };

  return (
    <Card size="small" title={t('config.beta_title')} data-testid="config-beta" style={{ marginTop: 16 }}>
      {current ? (
        <Alert
          type="warning"
          showIcon
          data-testid="beta-active"
          title={t('config.beta_active', { ips: current.betaIps })}
          style={{ marginBottom: 12 }}
        />
      ) : (
        <Typography.Paragraph type="secondary" data-testid="beta-none">
          {t('config.beta_none')}
        </Typography.Paragraph>
      )}
      <Space direction="vertical" style={{ width: '100%' }}>
        <label htmlFor="beta-ips">{t('config.beta_ips')}</label>
        <Input
          id="beta-ips"
          value={ips}
          placeholder="10.0.0.1,10.0.0.2"
          disabled={!canUpdate}
          onChange={(e) => setIps(e.target.value)}
        />
        <label htmlFor="beta-content">{t('config.beta_content')}</label>
        <Input.TextArea
          id="beta-content"
          value={content}
          rows={8}
          disabled={!canUpdate}
          style={{ fontFamily: 'monospace' }}
          onChange={(e) => setContent(e.target.value)}
        />
        {canUpdate && (
          <Space wrap>
            <Button
              type="primary"
              data-testid="beta-publish"
              loading={action.isPending}
              disabled={ips.trim() === '' || content.trim() === ''}
              onClick={() => void run('publish')}
            >
              {t('config.beta_publish')}
            </Button>
            {current && (
              <Popconfirm
                title={t('config.beta_stop_confirm')}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                onConfirm={() => void run('stop')}
              >
                <Button danger data-testid="beta-stop">
                  {t('config.beta_stop')}
                </Button>
              </Popconfirm>
            )}
            {current && (
              <Popconfirm
                title={t('config.beta_promote_confirm')}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                onConfirm={() => void run('promote')}
              >
                <Button data-testid="beta-promote">{t('config.beta_promote')}</Button>
              </Popconfirm>
            )}
          </Space>
        )}
      </Space>
    </Card>
  );
}
