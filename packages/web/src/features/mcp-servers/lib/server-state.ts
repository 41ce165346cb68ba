import type { McpServerDto } from '@tsnacos/protocol';

/** Whether the draft differs from what clients are served (a publish would change something). */
export function hasUnpublishedDraft(server: Pick<McpServerDto, 'currentValue' | 'releaseValue'>): boolean {
  const draft = server.currentValue;
  if (!draft || draft.id === 0) return false;
  return draft.id !== server.releaseValue?.id;
}
