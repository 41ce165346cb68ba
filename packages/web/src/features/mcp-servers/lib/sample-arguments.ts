import type { JsonSchema } from '@tsnacos/protocol';

function sampleOf(schema: JsonSchema): unknown {
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  switch (schema.type) {
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return sampleArguments(schema);
    default:
      return null;
  }
}

/** Arguments to start a tool call from: every top-level property with its default, example or an empty value. */
export function sampleArguments(schema: JsonSchema | null | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema?.properties ?? {}).map(([name, s]) => [name, sampleOf(s)]));
}

/**
 * The MCP endpoint URL for a server key and an auth key, on the host the console was opened with; without
 * an auth key (withheld from this user) `{authKey}` stays for the reader to fill in.
 */
export function endpointUrl(
  pathPattern: string,
  port: number,
  uniqueKey: string,
  authKey: string | null,
  location: { protocol: string; hostname: string },
): string {
  const path = pathPattern
    .replace('{uniqueKey}', encodeURIComponent(uniqueKey))
    .replace('{authKey}', authKey === null ? '{authKey}' : encodeURIComponent(authKey));
  const host = location.hostname.includes(':') ? `[${location.hostname}]` : location.hostname;
  return `${location.protocol}//${host}:${port}${path}`;
}
