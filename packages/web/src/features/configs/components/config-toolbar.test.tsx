import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../testing/render.js';
import { ConfigToolbar, type ConfigToolbarProps } from './config-toolbar.js';

const props = (canUpdate: boolean): ConfigToolbarProps => ({
  canUpdate,
  selectedCount: 1,
  onCreate: vi.fn(),
  onImport: vi.fn(),
  onExport: vi.fn(),
  onExportSelected: vi.fn(),
  onClone: vi.fn(),
});

const buttons = () => screen.getAllByRole('button').map((b) => b.textContent?.trim());

describe('config list toolbar', () => {
  it('lets a read-only user export (all or the selected configs) but not create, import or clone', async () => {
    const p = props(false);
    renderScreen(<ConfigToolbar {...p} />);
    expect(buttons()).toEqual(['Export', 'Export selected']);
    await userEvent.click(screen.getByRole('button', { name: /Export selected/ }));
    expect(p.onExportSelected).toHaveBeenCalled();
  });

  it('gives writers every action', () => {
    renderScreen(<ConfigToolbar {...props(true)} />);
    expect(buttons()).toEqual(['New', 'Import', 'Export', 'Export selected', 'Clone selected']);
  });

  it('sets each button apart (one spaced item per button, not touching)', () => {
    renderScreen(<ConfigToolbar {...props(true)} />);
    for (const button of screen.getAllByRole('button')) {
      expect(button.parentElement?.className).toContain('ant-space-item');
    }
  });
});
