import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

// The editor is CodeMirror in the browser; here a textarea stands in for it (same value / onChange).
vi.mock('../../../components/code-editor/lazy-code-editor.js', () => ({
  LazyCodeEditor: (p: { value: string; onChange?(v: string): void; readOnly?: boolean }) => (
    <textarea
      aria-label="content"
      value={p.value}
      readOnly={p.readOnly}
      onChange={(e) => p.onChange?.(e.target.value)}
    />
  ),
}));
vi.mock('../../../components/diff-view/lazy-diff-view.js', () => ({
  LazyDiffView: (p: { original: string; modified: string }) => (
    <div data-testid="diff">
      {p.original}→{p.modified}
    </div>
  ),
}));

import { fakeApi, ok } from '../../../testing/fake-api.js';
import { getButton, findButton } from '../../../testing/queries.js';
import { renderScreen } from '../../../testing/render.js';
import { ConfigEditorDrawer } from './config-editor-drawer.js';

const KEY = { tenant: 'dev', group: 'DEFAULT_GROUP', dataId: 'app.json' };

describe('config editor drawer', () => {
  it('create: dataId is required ("Need to input dataId") and checked for allowed characters', async () => {
    const api = fakeApi({});
    renderScreen(<ConfigEditorDrawer state={{ mode: 'create', key: null }} tenant="dev" onClose={() => undefined} />);
    await userEvent.click(await findButton('Publish'));
    expect(await screen.findByText('Need to input dataId')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Data ID'), 'bad id');
    expect(await screen.findByText('Only letters, digits and _ - . : are allowed')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('create: shows the namespace the config goes to', async () => {
    fakeApi({});
    renderScreen(
      <ConfigEditorDrawer
        state={{ mode: 'create', key: null }}
        tenant="dev"
        namespaceName="Development"
        onClose={vi.fn()}
      />,
    );
    expect(await screen.findByLabelText('Namespace')).toHaveValue('Development');
  });

  it('create: invalid JSON is published only after an explicit confirm', async () => {
    const api = fakeApi({ 'POST /v2/config/update': () => ok(true) });
    const onClose = vi.fn();
    renderScreen(<ConfigEditorDrawer state={{ mode: 'create', key: null }} tenant="dev" onClose={onClose} />);
    await userEvent.type(await screen.findByLabelText('Data ID'), 'new.json');
    await userEvent.type(screen.getByLabelText('content'), '{{"a": }');
    await userEvent.click(getButton('Publish'));
    expect(await screen.findByText('Publish invalid content?')).toBeInTheDocument();
    expect(screen.getByTestId('content-error')).toBeInTheDocument();
    await userEvent.click(getButton('Cancel'));
    expect(api.calls).toHaveLength(0);
    await userEvent.click(getButton('Publish'));
    await userEvent.click(await findButton('Publish anyway'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls[0].json()).toEqual({
      tenant: 'dev',
      dataId: 'new.json',
      group: 'DEFAULT_GROUP',
      content: '{"a": }',
      configType: 'json',
      desc: '',
    });
  });

  it('edit: shows old against new before publishing a change', async () => {
    const api = fakeApi({
      'GET /v2/config/info': () => ok({ value: '{"a":1}', md5: 'x', configType: 'json', desc: 'd' }),
      'POST /v2/config/update': () => ok(true),
    });
    renderScreen(<ConfigEditorDrawer state={{ mode: 'edit', key: KEY }} tenant="dev" onClose={() => undefined} />);
    const content = await screen.findByLabelText('content');
    expect(content).toHaveValue('{"a":1}');
    expect(screen.getByLabelText('Data ID')).toBeDisabled();
    await userEvent.clear(content);
    await userEvent.type(content, '{{"a":2}');
    await userEvent.click(getButton('Publish'));
    expect(await screen.findByTestId('diff')).toHaveTextContent('{"a":1}→{"a":2}');
    expect(api.callsTo('POST /v2/config/update')).toHaveLength(0);
    await userEvent.click(getButton('Publish', document.querySelector('.ant-modal')!));
    await waitFor(() => expect(api.callsTo('POST /v2/config/update')).toHaveLength(1));
    expect(api.callsTo('POST /v2/config/update')[0].json()).toMatchObject({
      content: '{"a":2}',
      desc: 'd',
      configType: 'json',
    });
  });

  it('shows the data key of an encrypted config read-only', async () => {
    fakeApi({
      'GET /v2/config/info': () =>
        ok({ value: 'Y2lwaGVy', md5: 'x', configType: 'text', desc: '', encryptedDataKey: 'a2V5' }),
    });
    renderScreen(<ConfigEditorDrawer state={{ mode: 'edit', key: KEY }} tenant="dev" onClose={vi.fn()} />);
    const field = await screen.findByLabelText('Encrypted data key');
    expect(field).toHaveValue('a2V5');
    expect(field).toBeDisabled();
  });

  it('shows no data key field for a plain config', async () => {
    fakeApi({ 'GET /v2/config/info': () => ok({ value: 'x', md5: 'x', configType: null, desc: '' }) });
    renderScreen(<ConfigEditorDrawer state={{ mode: 'detail', key: KEY }} tenant="dev" onClose={vi.fn()} />);
    expect(await screen.findByLabelText('content')).toBeInTheDocument();
    expect(screen.queryByLabelText('Encrypted data key')).not.toBeInTheDocument();
  });

  it('detail: read-only, Confirm just closes', async () => {
    const api = fakeApi({ 'GET /v2/config/info': () => ok({ value: 'x', md5: 'x', configType: null, desc: '' }) });
    const onClose = vi.fn();
    renderScreen(<ConfigEditorDrawer state={{ mode: 'detail', key: KEY }} tenant="dev" onClose={onClose} />);
    expect(await screen.findByLabelText('content')).toHaveAttribute('readonly');
    await userEvent.click(getButton('Confirm'));
    expect(onClose).toHaveBeenCalled();
    expect(api.callsTo('POST /v2/config/update')).toHaveLength(0);
  });
});
