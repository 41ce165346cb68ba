import type { McpServerDto, McpToolCallResultDto } from '@tsnacos/protocol';
import { Alert, Button, Descriptions, Empty, Form, Select, Switch } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JsonCheck } from '../../../components/code-editor/json-schema-lint.js';
import { LazyCodeEditor } from '../../../components/code-editor/lazy-code-editor.js';
import { problemText } from '../../../lib/json-problem-text.js';
import { parseJson, valueProblems } from '../../../lib/json-schema.js';
import { useCallMcpTool } from '../api/call-mcp-tool.js';
import { sampleArguments } from '../lib/sample-arguments.js';
import { resultTextType } from '../lib/result-text.js';
import { hasUnpublishedDraft } from '../lib/server-state.js';

type Outcome =
  | { kind: 'problem'; text: string }
  | { kind: 'failed'; text: string }
  | { kind: 'result'; result: McpToolCallResultDto };

export interface McpToolTryPanelProps {
  server: McpServerDto;
}

/** Calls one tool with typed arguments through the server, the way an MCP client's tools/call does. */
export function McpToolTryPanel({ server }: McpToolTryPanelProps) {
  const { t } = useTranslation();
  const hasDraft = hasUnpublishedDraft(server);
  const [draft, setDraft] = useState(!server.releaseValue && hasDraft);
  const tools = (draft ? server.currentValue : server.releaseValue)?.tools ?? [];
  const [toolName, setToolName] = useState<string | undefined>(tools[0]?.toolName);
  const tool = tools.find((x) => x.toolName === toolName) ?? tools[0];
  const [text, setText] = useState<Record<string, string>>({});
  const argsText = tool ? (text[tool.toolName] ?? JSON.stringify(sampleArguments(tool.spec.inputSchema), null, 2)) : '';
  // one place for what the last Call gave: an argument problem, a failed request or the tool's result, each
  // replacing the one before and brought into view
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeArea = useRef<HTMLDivElement>(null);
  useEffect(() => (outcome ? keepInView(outcomeArea.current) : undefined), [outcome]);
  const call = useCallMcpTool();
  const schema = tool?.spec.inputSchema;
  const check = useMemo<JsonCheck | undefined>(() => (schema ? (v) => valueProblems(schema, v) : undefined), [schema]);

  if (!tool)
    return (
      <>
        {hasDraft && <DraftSwitch draft={draft} onChange={setDraft} />}
        <Empty description={t('mcpserver.try_no_tools')} />
      </>
    );

  const submit = async () => {
    const parsed = parseJson(argsText);
    const [first] = parsed.problems.length > 0 ? parsed.problems : valueProblems(tool.spec.inputSchema, parsed.value);
    if (first) {
      setOutcome({ kind: 'problem', text: t('mcpserver.try_arguments_invalid', { problem: problemText(first) }) });
      return;
    }
    setOutcome(null);
    try {
      const result = await call.mutateAsync({
        id: server.id,
        toolName: tool.toolName,
        arguments: parsed.value as Record<string, unknown>,
        draft,
      });
      setOutcome({ kind: 'result', result });
    } catch (err) {
      // the toast said why too
      setOutcome({ kind: 'failed', text: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <Form layout="vertical">
      {hasDraft && <DraftSwitch draft={draft} onChange={setDraft} />}
      <Form.Item label={t('mcpserver.try_tool')}>
        <Select
          aria-label={t('mcpserver.try_tool')}
          value={tool.toolName}
          onChange={(name: string) => {
            setToolName(name);
            setOutcome(null);
          }}
          options={tools.map((x) => ({ value: x.toolName, label: x.toolName }))}
        />
      </Form.Item>
      <Form.Item label={t('mcpserver.try_arguments')} extra={tool.spec.description}>
        <LazyCodeEditor
          type="json"
          height="200px"
          value={argsText}
          onChange={(v) => setText((all) => ({ ...all, [tool.toolName]: v }))}
          check={check}
        />
      </Form.Item>
      <Button type="primary" loading={call.isPending} onClick={() => void submit()}>
        {t('mcpserver.try_call')}
      </Button>
      <div ref={outcomeArea} data-testid="tool-call-outcome" style={{ marginTop: outcome ? 16 : 0 }}>
        {outcome?.kind === 'result' && <CallResult result={outcome.result} />}
        {outcome && outcome.kind !== 'result' && <Alert type="error" showIcon title={outcome.text} />}
      </div>
    </Form>
  );
}

function DraftSwitch({ draft, onChange }: { draft: boolean; onChange(draft: boolean): void }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('mcpserver.try_use_draft')}>
      <Switch checked={draft} onChange={onChange} aria-label={t('mcpserver.try_use_draft')} />
    </Form.Item>
  );
}

function CallResult({ result }: { result: McpToolCallResultDto }) {
  const { t } = useTranslation();
  return (
    <div data-testid="tool-call-result">
      <Alert
        type={result.isError ? 'error' : 'success'}
        showIcon
        title={result.isError ? t('mcpserver.try_error') : t('mcpserver.try_ok')}
        style={{ marginBottom: 12 }}
      />
      <Descriptions size="small" column={3} bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('mcpserver.try_status')}>{result.status ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('mcpserver.try_instance')}>{result.instance ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('mcpserver.try_elapsed')}>
          {t('mcpserver.try_elapsed_value', { ms: result.elapsedMillis })}
        </Descriptions.Item>
      </Descriptions>
      <LazyCodeEditor readOnly type={resultTextType(result.text)} value={result.text} height="240px" />
    </div>
  );
}

/**
 * Scrolls the element into view now and again while it grows in the next second (a result's editor takes
 * its height after it is drawn); resolves the cleanup.
 */
function keepInView(element: HTMLElement | null): (() => void) | undefined {
  if (!element?.scrollIntoView) return undefined;
  const reveal = () => element.scrollIntoView({ block: 'nearest' });
  reveal();
  if (typeof ResizeObserver === 'undefined') return undefined;
  const observer = new ResizeObserver(reveal);
  observer.observe(element);
  const stop = setTimeout(() => observer.disconnect(), 1000);
  return () => {
    clearTimeout(stop);
    observer.disconnect();
  };
}
