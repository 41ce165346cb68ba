import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HEADER_HEIGHT } from '../../lib/constants.js';
import { paths } from '../paths.js';
import { AccountMenu } from './account-menu.js';
import { LanguageSwitch } from './language-switch.js';
import { ProductLogo } from '../../components/product-logo.js';

export interface AppHeaderProps {
  menuCollapsed: boolean;
  onToggleMenu(): void;
}

export function AppHeader({ menuCollapsed, onToggleMenu }: AppHeaderProps) {
  const { t } = useTranslation();
  return (
    <Layout.Header className="app-header" style={{ height: HEADER_HEIGHT, lineHeight: `${HEADER_HEIGHT}px` }}>
      <Space size="small">
        <Button
          type="text"
          icon={menuCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          aria-label={t('layout.toggle_menu')}
          aria-expanded={!menuCollapsed}
          data-testid="menu-toggle"
          onClick={onToggleMenu}
        />
        <Link to={paths.about} className="app-brand">
          <ProductLogo size={24} />
          <Typography.Text strong style={{ fontSize: 17 }}>
            {t('common.product_title')}
          </Typography.Text>
        </Link>
      </Space>
      <Space size="middle">
        <LanguageSwitch />
        <AccountMenu />
      </Space>
    </Layout.Header>
  );
}
