import { useSelectedNamespace } from '../../../lib/namespace-selection.js';
import { useUrlState } from '../../../lib/url-state.js';
import { AiMcpDetailPage } from './ai-mcp-detail-page.js';
import { AiMcpListPage } from './ai-mcp-list-page.js';

/**
 * `/manage/ai/mcp`: the MCP servers clients registered, or with `id` (and `version`) one of them: the route
 * the roles open serves both.
 */
export function AiMcpPage() {
  const { get } = useUrlState();
  const { namespaceId } = useSelectedNamespace();
  const id = get('id');
  return id ? <AiMcpDetailPage namespaceId={namespaceId} id={id} version={get('version')} /> : <AiMcpListPage />;
}
