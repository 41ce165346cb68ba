import type { McpServerDto, McpServerValue } from '@tsnacos/protocol';

const contentOf = (v: McpServerValue) => JSON.stringify({ description: v.description, tools: v.tools });

/**
 * Whether the draft differs from what clients are served, so a publish would change something. After a
 * publish the draft is a copy of the served version under a new id, so the content is compared, not the ids.
 */
export function hasUnpublishedDraft(server: Pick<McpServerDto, 'currentValue' | 'releaseValue'>): boolean {
  const draft = server.currentValue;
  if (!draft) return false;
  if (!server.releaseValue) return true;
  return contentOf(draft) !== contentOf(server.releaseValue);
}
