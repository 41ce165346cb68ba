import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { setLoginNavigator } from '../lib/login-redirect.js';
import { lazyPage } from './lazy-page.js';
import { hrefs, paths } from './paths.js';
import { RouteTitle, type RouteHandle } from './route-title.js';

const NotFoundPage = lazyPage(() => import('./pages/not-found-page.js'), 'NotFoundPage');
const NoPermissionPage = lazyPage(() => import('./pages/no-permission-page.js'), 'NoPermissionPage');
const LoginPage = lazyPage(() => import('../features/auth/components/login-page.js'), 'LoginPage');
const AppLayout = lazyPage(() => import('./layout/app-layout.js'), 'AppLayout');
const ConfigListPage = lazyPage(() => import('../features/configs/components/config-list-page.js'), 'ConfigListPage');
const ConfigHistoryPage = lazyPage(
  () => import('../features/configs/components/config-history-page.js'),
  'ConfigHistoryPage',
);
const ConfigListenerPage = lazyPage(
  () => import('../features/configs/components/config-listener-page.js'),
  'ConfigListenerPage',
);
const ServiceListPage = lazyPage(
  () => import('../features/services/components/service-list-page.js'),
  'ServiceListPage',
);
const SubscriberListPage = lazyPage(
  () => import('../features/services/components/subscriber-list-page.js'),
  'SubscriberListPage',
);
const InstanceListPage = lazyPage(
  () => import('../features/instances/components/instance-list-page.js'),
  'InstanceListPage',
);
const NamespacePage = lazyPage(() => import('../features/namespaces/components/namespace-page.js'), 'NamespacePage');
const TransferPage = lazyPage(() => import('../features/transfer/components/transfer-page.js'), 'TransferPage');
const UserListPage = lazyPage(() => import('../features/users/components/user-list-page.js'), 'UserListPage');
const AuditPage = lazyPage(() => import('../features/audit/components/audit-page.js'), 'AuditPage');
const ClusterPage = lazyPage(() => import('../features/cluster/components/cluster-page.js'), 'ClusterPage');
const AboutPage = lazyPage(() => import('../features/about/components/about-page.js'), 'AboutPage');
const ToolSpecListPage = lazyPage(
  () => import('../features/tool-specs/components/tool-spec-list-page.js'),
  'ToolSpecListPage',
);
const ToolSpecDetailPage = lazyPage(
  () => import('../features/tool-specs/components/tool-spec-detail-page.js'),
  'ToolSpecDetailPage',
);
const McpServerPage = lazyPage(() => import('../features/mcp-servers/components/mcp-server-page.js'), 'McpServerPage');
const AiMcpPage = lazyPage(() => import('../features/ai-registry/components/ai-mcp-page.js'), 'AiMcpPage');
const AiAgentPage = lazyPage(() => import('../features/ai-registry/components/ai-agent-page.js'), 'AiAgentPage');
const MonitorPage = lazyPage(() => import('../features/monitor/components/monitor-page.js'), 'MonitorPage');

/** Any unknown route is replaced by /404?path=<the full path asked for>. */
function NotFoundRedirect() {
  const { pathname, search } = useLocation();
  return <Navigate replace to={hrefs.notFound(pathname + search)} />;
}

const page = (path: string, element: ReactNode, title: string): RouteObject => ({
  path,
  element,
  handle: { title } satisfies RouteHandle,
});

const routes: RouteObject[] = [
  { path: paths.home, element: <Navigate replace to={paths.about} /> },
  page(paths.notFound, <NotFoundPage />, 'menu.not_found'),
  page(paths.noPermission, <NoPermissionPage />, 'menu.no_permission'),
  page(paths.login, <LoginPage />, 'menu.login'),
  {
    path: paths.manage,
    element: <AppLayout />,
    children: [
      { index: true, element: <Navigate replace to={paths.about} /> },
      page(paths.configs, <ConfigListPage />, 'menu.config_list'),
      page(paths.configHistory, <ConfigHistoryPage />, 'menu.config_history'),
      page(paths.configListeners, <ConfigListenerPage />, 'menu.config_listeners'),
      page(paths.services, <ServiceListPage />, 'menu.service_list'),
      page(paths.subscribers, <SubscriberListPage />, 'menu.subscriber_list'),
      page(paths.instances, <InstanceListPage />, 'menu.instance_list'),
      page(paths.namespaces, <NamespacePage />, 'menu.namespace'),
      page(paths.transfer, <TransferPage />, 'menu.transfer'),
      page(paths.users, <UserListPage />, 'menu.user'),
      page(paths.audit, <AuditPage />, 'menu.audit'),
      page(paths.cluster, <ClusterPage />, 'menu.cluster'),
      page(paths.about, <AboutPage />, 'menu.about'),
      page(paths.monitor, <MonitorPage />, 'menu.app_monitor'),
      page(paths.toolSpecs, <ToolSpecListPage />, 'menu.tool_spec_list'),
      page(paths.toolSpecDetail, <ToolSpecDetailPage />, 'menu.tool_spec_detail'),
      page(paths.mcpServers, <McpServerPage />, 'menu.mcp_server_list'),
      page(paths.aiMcpServers, <AiMcpPage />, 'menu.ai_mcp_server_list'),
      page(paths.aiAgents, <AiAgentPage />, 'menu.ai_agent_list'),
    ],
  },
  { path: '*', element: <NotFoundRedirect /> },
];

/** The routes plus the page title, and the navigate the api client uses for no-login redirects. */
export function AppRoutes() {
  const navigate = useNavigate();
  useEffect(() => {
    setLoginNavigator((to) => void navigate(to));
    return () => setLoginNavigator(null);
  }, [navigate]);
  return (
    <>
      <RouteTitle routes={routes} />
      <Suspense fallback={null}>{useRoutes(routes)}</Suspense>
    </>
  );
}
