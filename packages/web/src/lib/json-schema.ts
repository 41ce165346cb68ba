import { Ajv, type ErrorObject } from 'ajv';

/** A place in a JSON document (a JSON pointer, "" for the whole) and what is wrong there. */
export interface JsonProblem {
  pointer: string;
  message: string;
}

// strict off: tool schemas carry keywords of other drafts and vendors that must not be refused
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });

function toProblems(errors: ErrorObject[] | null | undefined): JsonProblem[] {
  return (errors ?? []).map((e) => {
    const missing =
      e.keyword === 'required' ? ` (${String((e.params as { missingProperty?: string }).missingProperty)})` : '';
    return { pointer: e.instancePath, message: `${e.message ?? e.keyword}${missing}` };
  });
}

/**
 * What is wrong with a tool's input schema: it must be a valid JSON Schema (draft-07, as MCP clients read
 * it) describing an object, since MCP passes a tool's arguments as one object.
 */
export function inputSchemaProblems(schema: unknown): JsonProblem[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return [{ pointer: '', message: 'must be an object' }];
  if (!ajv.validateSchema(schema)) return toProblems(ajv.errors);
  if ((schema as { type?: unknown }).type !== 'object') return [{ pointer: '/type', message: 'must be "object"' }];
  try {
    ajv.compile(schema);
  } catch (err) {
    return [{ pointer: '', message: (err as Error).message }];
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

/** Parses JSON text; a syntax error comes back as a problem at the top. */
export function parseJson(text: string): { value: unknown; problems: JsonProblem[] } {
  try {
    return { value: JSON.parse(text) as unknown, problems: [] };
  } catch (err) {
    return { value: undefined, problems: [{ pointer: '', message: (err as Error).message }] };
  }
}
