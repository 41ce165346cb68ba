import { useSelectedNamespace } from '../../../lib/namespace-selection.js';
import { useUrlState } from '../../../lib/url-state.js';
import { AiAgentDetailPage } from './ai-agent-detail-page.js';
import { AiAgentListPage } from './ai-agent-list-page.js';

/**
 * `/manage/ai/a2a`: the A2A agents clients registered, or with `name` (and `version`) one of them: the route
 * the roles open serves both.
 */
export function AiAgentPage() {
  const { get } = useUrlState();
  const { namespaceId } = useSelectedNamespace();
  const name = get('name');
  return name ? (
    <AiAgentDetailPage namespaceId={namespaceId} name={name} version={get('version')} />
  ) : (
    <AiAgentListPage />
  );
}
