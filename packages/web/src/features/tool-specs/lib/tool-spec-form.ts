import type { JsonSchema, ToolSpecDto, ToolSpecParam } from '@tsnacos/protocol';
import { inputSchemaProblems, parseJson, type JsonProblem } from '../../../lib/json-schema.js';

export type ToolSpecFormMode = 'create' | 'update';

export interface ToolSpecFormValues {
  group: string;
  toolName: string;
  /** The name MCP clients see; empty: the tool name. */
  functionName: string;
  description: string;
  /** The input JSON Schema as edited. */
  schemaText: string;
}

export const DEFAULT_GROUP = 'DEFAULT_GROUP';

const EMPTY_SCHEMA: JsonSchema = { type: 'object', properties: {}, required: [] };

export const prettyJson = (value: unknown) => JSON.stringify(value, null, 2);

export function formValuesOf(spec: ToolSpecDto | null): ToolSpecFormValues {
  if (!spec)
    return {
      group: DEFAULT_GROUP,
      toolName: '',
      functionName: '',
      description: '',
      schemaText: prettyJson(EMPTY_SCHEMA),
    };
  return {
    group: spec.group,
    toolName: spec.toolName,
    functionName: spec.function.name === spec.toolName ? '' : spec.function.name,
    description: spec.function.description,
    schemaText: prettyJson(spec.function.inputSchema),
  };
}

/** The problems of the schema text: JSON syntax, then JSON Schema validity. */
export function schemaTextProblems(text: string): JsonProblem[] {
  const { value, problems } = parseJson(text);
  return problems.length > 0 ? problems : inputSchemaProblems(value);
}

/** The add/update body; call only once schemaTextProblems is empty. */
export function toToolSpecParam(values: ToolSpecFormValues, namespace: string): ToolSpecParam {
  const toolName = values.toolName.trim();
  return {
    namespace,
    group: values.group.trim() || DEFAULT_GROUP,
    toolName,
    function: {
      name: values.functionName.trim() || toolName,
      description: values.description,
      inputSchema: JSON.parse(values.schemaText) as JsonSchema,
    },
  };
}

/** Tool names as MCP allows them: letters, digits, `_`, `-`, `.` (1 to 128). */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;
