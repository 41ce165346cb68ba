import type { ToolSpecDto, ToolSpecParam } from '@tsnacos/protocol';
import { inputSchemaProblems, type JsonProblem } from '../../../lib/json-schema.js';
import { TOOL_NAME_PATTERN } from './tool-spec-form.js';

/** The batch editor's text for the chosen specs: the array batch_update takes. */
export function batchTextOf(specs: ToolSpecDto[]): string {
  const params: ToolSpecParam[] = specs.map((s) => ({
    namespace: s.namespace,
    group: s.group,
    toolName: s.toolName,
    function: s.function,
  }));
  return JSON.stringify(params, null, 2);
}

/** Where a batch breaks the shape batch_update takes: an array of specs, each with a valid input schema. */
export function batchProblems(value: unknown): JsonProblem[] {
  if (!Array.isArray(value))
    return [{ pointer: '', message: 'must be an array of tool specs', code: 'not_array_of_specs' }];
  return value.flatMap((item: unknown, i): JsonProblem[] => {
    const at = `/${i}`;
    if (typeof item !== 'object' || item === null)
      return [{ pointer: at, message: 'must be an object', code: 'not_object' }];
    const spec = item as Partial<ToolSpecParam>;
    const problems: JsonProblem[] = [];
    if (typeof spec.group !== 'string' || spec.group.trim() === '')
      problems.push({ pointer: at, message: 'needs a "group"', code: 'needs_group' });
    if (typeof spec.toolName !== 'string' || !TOOL_NAME_PATTERN.test(spec.toolName))
      problems.push({
        pointer: `${at}/toolName`,
        message: 'needs a "toolName" of letters, digits, _ - .',
        code: 'needs_tool_name',
      });
    const fn = spec.function;
    if (typeof fn !== 'object' || fn === null)
      return [...problems, { pointer: at, message: 'needs a "function"', code: 'needs_function' }];
    const inner = inputSchemaProblems(fn.inputSchema);
    return [...problems, ...inner.map((p) => ({ ...p, pointer: `${at}/function/inputSchema${p.pointer}` }))];
  });
}
