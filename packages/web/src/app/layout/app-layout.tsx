import { Button, Layout, Result, Spin } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useWebResources } from '../../lib/console-state.js';
import { HEADER_HEIGHT, SIDER_WIDTH } from '../../lib/constants.js';
import { UiProvider } from '../ui-provider.js';
import { AppHeader } from './app-header.js';
import { DefaultPasswordBanner } from './default-password-banner.js';
import { SideMenu } from './side-menu.js';

export function PageFallback() {
  return (
    <div className="page-fallback">
      <Spin />
    </div>
  );
}

/** Header, side menu built from the web resources (loaded once) and the routed page. */
export function AppLayout() {
  return (
    <UiProvider>
      <LayoutFrame />
    </UiProvider>
  );
}

/** Below this width the menu starts hidden, lies over the page when shown, and hides after a choice. */
const NARROW = '(max-width: 767px)';

function LayoutFrame() {
  const { t } = useTranslation();
  const resources = useWebResources();
  const [collapsed, setCollapsed] = useState(() => window.matchMedia?.(NARROW).matches ?? false);
  const [narrow, setNarrow] = useState(collapsed);
  const failed = resources.isError && resources.error.name === 'ApiError' && !resources.data;
  const content = resources.data ? (
    <Suspense fallback={<PageFallback />}>
      <Outlet />
    </Suspense>
  ) : failed ? (
    <Result
      status="warning"
      title={resources.error.message}
      extra={<Button onClick={() => void resources.refetch()}>{t('common.refresh')}</Button>}
    />
  ) : (
    <PageFallback />
  );
  return (
    <Layout className="app-layout">
      <AppHeader menuCollapsed={collapsed} onToggleMenu={() => setCollapsed((c) => !c)} />
      <Layout style={{ height: `calc(100vh - ${HEADER_HEIGHT}px)`, position: 'relative' }}>
        <Layout.Sider
          width={SIDER_WIDTH}
          theme="light"
          className="app-sider"
          collapsible
          collapsed={collapsed}
          collapsedWidth={0}
          trigger={null}
          breakpoint="md"
          onBreakpoint={(broken) => {
            setNarrow(broken);
            setCollapsed(broken);
          }}
        >
          {/* A menu in a collapsed sider would show its open groups as popups over the page. */}
          {collapsed ? null : resources.data ? (
            <SideMenu onNavigate={() => narrow && setCollapsed(true)} />
          ) : (
            <PageFallback />
          )}
        </Layout.Sider>
        <Layout.Content className="app-content" id="main_content">
          {resources.data && <DefaultPasswordBanner />}
          {content}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
