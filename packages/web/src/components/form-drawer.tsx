import { Button, Drawer, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DRAWER_WIDTH } from '../lib/constants.js';

export interface FormDrawerProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  onConfirm(): void;
  confirming?: boolean;
  confirmText?: ReactNode;
  /** Extra content left of the buttons (e.g. a validation message). */
  footerExtra?: ReactNode;
  resizable?: boolean;
  width?: number;
  children: ReactNode;
}

/** The side drawer create/edit/detail forms open in, with Return and Confirm at the bottom. */
export function FormDrawer(props: FormDrawerProps) {
  const { open, title, onClose, onConfirm, confirming, confirmText, footerExtra, resizable, width, children } = props;
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      title={title}
      size={width ?? DRAWER_WIDTH}
      resizable={resizable}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space>
          {footerExtra}
          <Button onClick={onClose}>{t('common.return')}</Button>
          <Button type="primary" loading={confirming} onClick={onConfirm}>
            {confirmText ?? t('common.confirm')}
          </Button>
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}
