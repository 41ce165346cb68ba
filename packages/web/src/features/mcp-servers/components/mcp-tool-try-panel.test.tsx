import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { McpServerDto } from '@tsnacos/protocol';
import { describe, expect, it, vi } from 'vitest';

// The editor is CodeMirror in the browser; here a textarea stands in for it (same value / onChange).
vi.mock('../../../components/code-editor/lazy-code-editor.js', () => ({
  LazyCodeEditor: (p: { value: string; onChange?(v: string): void; readOnly?: boolean }) => (
    <textarea
      aria-label={p.readOnly ? 'result' : 'arguments'}
      value={p.value}
      readOnly={p.readOnly}
      onChange={(e) => p.onChange?.(e.target.value)}
    />
  ),
}));

import { fakeApi, ok } from '../../../testing/fake-api.js';
import { getButton } from '../../../testing/queries.js';
import { renderScreen } from '../../../testing/render.js';
import { McpToolTryPanel } from './mcp-tool-try-panel.js';

const inputSchema = {
  type: 'object' as const,
  properties: { city: { type: 'string' as const }, days: { type: 'integer' as const, default: 2 } },
  required: ['city'],
};
const tool = {
  toolName: 'get_weather',
  toolKey: { namespace: 'public', group: 'G', toolName: 'get_weather' },
  toolVersion: 1,
  spec: { name: 'get_weather', description: 'Weather of a city', inputSchema },
  routeRule: {
    protocol: 'http',
    url: '/w/{{city}}',
    method: 'GET',
    additionHeaders: {},
    convertType: 'JSON_TO_URL' as const,
    serviceGroup: 'G',
    serviceName: 'weather',
  },
};
const value = { id: 1, version: 1, description: '', tools: [tool], opUser: 'admin', updateTime: 1 };
const server: McpServerDto = {
  id: 5,
  uniqueKey: 'w',
  namespace: 'public',
  name: 'W',
  description: '',
  authKeys: ['k'],
  createTime: 1,
  lastModifiedMillis: 1,
  currentValue: { ...value, id: 2 },
  releaseValue: value,
  histories: [value],
};

describe('try a tool', () => {
  it('starts from sample arguments, calls the served tool and shows what the client would get', async () => {
    const api = fakeApi({
      'POST /v2/mcp/server/tool/call': () =>
        ok({ isError: false, text: '{"forecast":"sunny"}', status: 200, instance: '10.0.0.1:80', elapsedMillis: 12 }),
    });
    renderScreen(<McpToolTryPanel server={server} />);
    const args = await screen.findByLabelText('arguments');
    expect(JSON.parse((args as HTMLTextAreaElement).value)).toEqual({ city: '', days: 2 });
    await userEvent.clear(args);
    await userEvent.click(args);
    await userEvent.paste('{"city":"paris"}');
    await userEvent.click(getButton('Call'));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    expect(screen.getByText('10.0.0.1:80')).toBeInTheDocument();
    expect(screen.getByText('12 ms')).toBeInTheDocument();
    expect(screen.getByLabelText<HTMLTextAreaElement>('result').value).toBe('{"forecast":"sunny"}');
    expect(api.callsTo('POST /v2/mcp/server/tool/call')[0].json()).toEqual({
      id: 5,
      toolName: 'get_weather',
      arguments: { city: 'paris' },
      draft: false,
    });
  });

  it('arguments that break the input schema are refused before any call; a tool error is shown as one', async () => {
    const api = fakeApi({
      'POST /v2/mcp/server/tool/call': () =>
        ok({
          isError: true,
          text: 'no healthy instance of G@@weather',
          status: null,
          instance: null,
          elapsedMillis: 0,
        }),
    });
    renderScreen(<McpToolTryPanel server={server} />);
    const args = await screen.findByLabelText('arguments');
    await userEvent.clear(args);
    await userEvent.click(args);
    await userEvent.paste('{"days":"two"}');
    await userEvent.click(getButton('Call'));
    expect(
      await screen.findByText("The arguments do not match the input schema: must have required property 'city'"),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /v2/mcp/server/tool/call')).toHaveLength(0);
    await userEvent.clear(args);
    await userEvent.click(args);
    await userEvent.paste('{"city":"x"}');
    await userEvent.click(getButton('Call'));
    expect(await screen.findByText('Tool error')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLTextAreaElement>('result').value).toBe('no healthy instance of G@@weather'),
    );
    expect(screen.queryByText(/do not match the input schema/)).not.toBeInTheDocument();
    // a new problem replaces the last result: nothing of it stays below
    await userEvent.clear(args);
    await userEvent.click(args);
    await userEvent.paste('{"city":');
    await userEvent.click(getButton('Call'));
    expect(
      await screen.findByText(/^The arguments do not match the input schema: is not valid JSON/),
    ).toBeInTheDocument();
    expect(screen.queryByText('Tool error')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('result')).not.toBeInTheDocument();
  });
});
