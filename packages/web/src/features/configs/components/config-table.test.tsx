import { describe, expect, it, vi } from 'vitest';
import { findRow } from '../../../testing/queries.js';
import { renderScreen } from '../../../testing/render.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { ConfigTable } from './config-table.js';

const MODIFIED = new Date(2024, 4, 6, 7, 8, 9).getTime();

describe('config list table', () => {
  it("shows each config's format and when it last changed", async () => {
    renderScreen(
      <ConfigTable
        rows={[
          {
            tenant: '',
            group: 'G',
            dataId: 'app-settings',
            content: null,
            md5: null,
            desc: '',
            configType: 'yaml',
            modifiedTime: MODIFIED,
          },
        ]}
        total={1}
        loading={false}
        pageNo={1}
        pageSize={10}
        namespaceId=""
        canUpdate={false}
        selected={[]}
        onSelect={vi.fn()}
        onPage={vi.fn()}
        onDetail={vi.fn()}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    const row = await findRow('app-settings');
    expect(row.textContent).toContain('yaml');
    expect(row.textContent).toContain(formatDateTime(MODIFIED));
    expect(formatDateTime(MODIFIED)).toBe('2024-05-06 07:08:09');
  });
});
