import { t } from '../i18n/index.js';
import { syntaxPlace, type JsonProblem } from './json-schema.js';

/** JSON Schema keywords whose failures have their own words (ajv's params fill them in). */
const KEYWORDS = new Set([
  'type',
  'required',
  'enum',
  'const',
  'additionalProperties',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'pattern',
  'format',
  'uniqueItems',
  'multipleOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'dependencies',
  'dependentRequired',
  'propertyNames',
  'false schema',
]);

/** The console's own checks. */
const OWN_CODES = new Set([
  'not_object',
  'type_object',
  'compile',
  'not_array_of_specs',
  'needs_group',
  'needs_tool_name',
  'needs_function',
]);

const paramsOf = (p: JsonProblem): Record<string, unknown> => {
  const params = { ...p.params };
  // ajv names the allowed types as a list for `type: [..]`
  if (Array.isArray(params.type)) params.type = params.type.join(', ');
  return params;
};

/** What is wrong, in the console's language: a known keyword or check in its words, else the checker's. */
export function problemMessage(p: JsonProblem): string {
  const code = p.code ?? '';
  if (code === 'syntax') {
    const place = p.params ?? {};
    return place.line ? t('json.syntax_at', place) : t('json.syntax');
  }
  if (OWN_CODES.has(code)) return t(`json.${code}`, paramsOf(p));
  if (KEYWORDS.has(code)) return t(`json.keyword.${code.replace(' ', '_')}`, paramsOf(p));
  return code ? t('json.other', { keyword: code, message: p.message }) : p.message;
}

/** The problem with its place, as a line of text: "/days must be integer". */
export function problemText(p: JsonProblem): string {
  const message = problemMessage(p);
  return p.pointer ? `${p.pointer} ${message}` : message;
}

/** A syntax error of CodeMirror's JSON linter (JSON.parse's message), in the console's language. */
export function syntaxErrorText(message: string): string {
  const place = syntaxPlace(message);
  return place.line ? t('json.syntax_at', place) : t('json.syntax');
}
