import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useConsoleState } from '../../lib/console-state.js';
import { groupKeyOf, isGroup, selectedMenuKey, visibleMenu } from './menu-items.js';

export interface SideMenuProps {
  /** After a choice (the narrow layout hides the menu then). */
  onNavigate?(): void;
}

export function SideMenu({ onNavigate }: SideMenuProps = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const state = useConsoleState();
  const menu = visibleMenu(state);
  const selected = selectedMenuKey(pathname);
  const items: MenuProps['items'] = menu.map((node) =>
    isGroup(node)
      ? { key: node.key, label: t(node.label), children: node.children.map((c) => ({ key: c.key, label: t(c.label) })) }
      : { key: node.key, label: t(node.label) },
  );
  const openGroup = groupKeyOf(selected);
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[selected]}
      defaultOpenKeys={menu
        .filter(isGroup)
        .map((g) => g.key)
        .concat(openGroup ? [openGroup] : [])}
      onClick={({ key }) => {
        void navigate(key);
        onNavigate?.();
      }}
      style={{ height: '100%', borderInlineEnd: 0 }}
    />
  );
}
