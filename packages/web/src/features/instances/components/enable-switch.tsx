import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';

export interface EnableSwitchProps {
  enabled: boolean;
  loading: boolean;
  onToggle(next: boolean): void;
}

/** Online/offline; toggled by click or Space, inert while its update is running. */
export function EnableSwitch({ enabled, loading, onToggle }: EnableSwitchProps) {
  const { t } = useTranslation();
  return (
    <Switch
      size="small"
      checked={enabled}
      loading={loading}
      aria-label={t('instance.enabled')}
      checkedChildren={t('instance.online')}
      unCheckedChildren={t('instance.offline')}
      onChange={(next) => {
        if (!loading) onToggle(next);
      }}
    />
  );
}
