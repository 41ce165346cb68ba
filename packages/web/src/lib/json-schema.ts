import { Ajv, type ErrorObject } from 'ajv';

/**
 * A place in a JSON document (a JSON pointer, "" for the whole) and what is wrong there: `message` in
 * English as the checker says it, `code` and `params` for the console's own words (`json-problem-text.ts`):
 * a JSON Schema keyword with ajv's params, or one of this console's checks (`syntax`, `not_object`, ...).
 */
export interface JsonProblem {
  pointer: string;
  message: string;
  code?: string;
  params?: Record<string, unknown>;
}

// strict off: tool schemas carry keywords of other drafts and vendors that must not be refused
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });

function toProblems(errors: ErrorObject[] | null | undefined): JsonProblem[] {
  return (errors ?? []).map((e) => {
    const missing =
      e.keyword === 'required' ? ` (${String((e.params as { missingProperty?: string }).missingProperty)})` : '';
    return {
      pointer: e.instancePath,
      message: `${e.message ?? e.keyword}${missing}`,
      code: e.keyword,
      params: e.params as Record<string, unknown>,
    };
  });
}

/**
 * What is wrong with a tool's input schema: it must be a valid JSON Schema (draft-07, as MCP clients read
 * it) describing an object, since MCP passes a tool's arguments as one object.
 */
export function inputSchemaProblems(schema: unknown): JsonProblem[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return [{ pointer: '', message: 'must be an object', code: 'not_object' }];
  if (!ajv.validateSchema(schema)) return toProblems(ajv.errors);
  if ((schema as { type?: unknown }).type !== 'object')
    return [{ pointer: '/type', message: 'must be "object"', code: 'type_object' }];
  try {
    ajv.compile(schema);
  } catch (err) {
    const detail = (err as Error).message;
    return [{ pointer: '', message: detail, code: 'compile', params: { detail } }];
  }
  return [];
}

/** Where a value breaks a schema; a schema that cannot be compiled is not checked. */
export function valueProblems(schema: object, value: unknown): JsonProblem[] {
  let validate;
  try {
    validate = ajv.compile(schema);
  } catch {
    return [];
  }
  return validate(value) ? [] : toProblems(validate.errors);
}

/** Parses JSON text; a syntax error comes back as a problem at the top, with its line and column. */
export function parseJson(text: string): { value: unknown; problems: JsonProblem[] } {
  try {
    return { value: JSON.parse(text) as unknown, problems: [] };
  } catch (err) {
    const message = (err as Error).message;
    return {
      value: undefined,
      problems: [{ pointer: '', message, code: 'syntax', params: syntaxPlace(message, text) }],
    };
  }
}

/** Line and column (from 1) of a JSON.parse error, from its message; empty when it names no place. */
export function syntaxPlace(message: string, text?: string): Record<string, number> {
  const named = /line (\d+) column (\d+)/.exec(message);
  if (named) return { line: Number(named[1]), column: Number(named[2]) };
  const position = /at position (\d+)/.exec(message);
  if (!position || text === undefined) return {};
  const before = text.slice(0, Number(position[1])).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}
