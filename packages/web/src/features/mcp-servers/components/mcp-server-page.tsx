import { useUrlState } from '../../../lib/url-state.js';
import { McpServerDetail } from './mcp-server-detail.js';
import { McpServerListPage } from './mcp-server-list-page.js';

/** `/manage/mcpserver`: the list, or with `id` one server (the route the roles open serves both). */
export function McpServerPage() {
  const { getNumber } = useUrlState();
  const id = getNumber('id', 0);
  return id > 0 ? <McpServerDetail id={id} /> : <McpServerListPage />;
}
