import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

export interface DeleteButtonProps {
  /** The confirm question, naming what goes. */
  confirm: string;
  onConfirm(): void;
}

/** A table row's delete action: a small danger link that asks before it deletes. */
export function DeleteButton({ confirm, onConfirm }: DeleteButtonProps) {
  const { t } = useTranslation();
  return (
    <Popconfirm title={confirm} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={onConfirm}>
      <Button type="link" size="small" danger>
        {t('common.delete')}
      </Button>
    </Popconfirm>
  );
}
