import type { JsonSchema } from '@tsnacos/protocol';

/** One argument of a tool, as its input schema describes it. */
export interface SchemaArgument {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

const typeOf = (s: JsonSchema): string => {
  if (Array.isArray(s.type)) return (s.type as string[]).join(' | ');
  if (s.type === 'array' && s.items?.type) return `${String(s.items.type)}[]`;
  if (Array.isArray(s.enum)) return (s.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
  return s.type ?? '';
};

/** The top-level properties of an object schema, required ones first, each keeping its order. */
export function schemaArguments(schema: JsonSchema | null | undefined): SchemaArgument[] {
  const required = new Set(schema?.required ?? []);
  const list = Object.entries(schema?.properties ?? {}).map(([name, s]) => ({
    name,
    type: typeOf(s),
    required: required.has(name),
    description: s.description ?? '',
  }));
  return [...list.filter((a) => a.required), ...list.filter((a) => !a.required)];
}
