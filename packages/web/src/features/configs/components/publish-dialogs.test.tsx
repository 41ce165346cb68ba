import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../testing/render.js';
import { validateContent } from '../lib/validate-content.js';
import { PublishDialogs } from './publish-dialogs.js';

describe('publish dialogs', () => {
  it("keeps the line breaks of a YAML error's code frame", async () => {
    const check = await validateContent('yaml', 'a: 1\n  b: 2\n');
    if (check.ok) throw new Error('the YAML above is expected to be invalid');
    expect(check.message).toContain('\n');
    renderScreen(
      <PublishDialogs
        step={{ kind: 'invalid', message: check.message }}
        type="yaml"
        original=""
        draft=""
        publishing={false}
        onConfirmInvalid={vi.fn()}
        onConfirmDiff={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    const text = await screen.findByText((_, el) => !!el?.classList.contains('content-error'));
    expect(text.textContent).toContain(check.message);
    expect(getComputedStyle(text).whiteSpace).toBe('pre-wrap');
  });
});
