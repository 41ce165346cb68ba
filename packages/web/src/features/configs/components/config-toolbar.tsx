import { CopyOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ConfigToolbarProps {
  canUpdate: boolean;
  selectedCount: number;
  onCreate(): void;
  onImport(): void;
  onExport(): void;
  onExportSelected(): void;
  onClone(): void;
}

/** The list's actions: exports for everyone who reads configs, writing ones only with CONFIG_UPDATE. */
export function ConfigToolbar(props: ConfigToolbarProps) {
  const { t } = useTranslation();
  const none = props.selectedCount === 0;
  // a Space of its own: the filter bar's Space sees this toolbar as one item and would not part the buttons
  return (
    <Space wrap>
      {props.canUpdate && (
        <>
          <Button type="primary" icon={<PlusOutlined />} onClick={props.onCreate}>
            {t('common.new')}
          </Button>
          <Button icon={<UploadOutlined />} onClick={props.onImport}>
            {t('config.import')}
          </Button>
        </>
      )}
      <Button icon={<DownloadOutlined />} onClick={props.onExport}>
        {t('config.export')}
      </Button>
      <Button icon={<DownloadOutlined />} disabled={none} onClick={props.onExportSelected}>
        {t('config.export_selected')}
      </Button>
      {props.canUpdate && (
        <Button icon={<CopyOutlined />} disabled={none} onClick={props.onClone}>
          {t('config.clone')}
        </Button>
      )}
    </Space>
  );
}
