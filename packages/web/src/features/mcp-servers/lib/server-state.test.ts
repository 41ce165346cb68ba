import type { McpServerValue } from '@tsnacos/protocol';
import { describe, expect, it } from 'vitest';
import { hasUnpublishedDraft } from './server-state.js';

const v = (id: number, description: string): McpServerValue => ({
  id,
  version: id,
  description,
  tools: [],
  opUser: 'a',
  updateTime: id,
});

describe('unpublished draft', () => {
  it('a draft copied from the served version under a new id is not pending', () => {
    expect(hasUnpublishedDraft({ currentValue: v(2, 'a'), releaseValue: v(1, 'a') })).toBe(false);
  });
  it('an edited draft, or a server never published, is pending', () => {
    expect(hasUnpublishedDraft({ currentValue: v(2, 'b'), releaseValue: v(1, 'a') })).toBe(true);
    expect(hasUnpublishedDraft({ currentValue: v(2, 'b'), releaseValue: null })).toBe(true);
  });
});
