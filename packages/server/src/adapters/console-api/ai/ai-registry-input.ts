import type { AiRegistryListParam, PageParam } from '@tsnacos/protocol';
import type { FastifyRequest } from 'fastify';
import { canonicalNamespace } from '../../../core/naming/naming-validation.js';
import { invalid } from '../../../shared/errors.js';
import { inputOf, optionalText, pageOf, text, type Input } from '../console-input.js';
import { namespaced } from '../console-namespaces.js';

/*
 * Request fields of the console's AI registry routes: one namespace, `namespaceId` ("" = public, as the
 * registry keeps it), and every text bounded by what the registry itself accepts.
 */

/** The namespace a request names: blank is the default one, stored as "public" by the AI registry. */
export const namespaceIdOf = (input: Input<{ namespaceId?: string }>): string =>
  canonicalNamespace(text(input, 'namespaceId'));

/** Every route here names one namespace, `namespaceId`, read as the handler reads it. */
export const IN_NAMESPACE = namespaced({
  name: 'namespaceId',
  read: (req: FastifyRequest) => [namespaceIdOf(inputOf<AiRegistryListParam>(req))],
});

/** A trimmed text field within `max` characters; undefined when absent or blank. */
export function boundedText<T>(input: Input<T>, name: keyof T & string, max: number): string | undefined {
  const value = optionalText(input, name);
  if (value !== undefined && value.length > max) throw invalid(`${name} is longer than ${max} characters`);
  return value;
}

const MAX_PAGE_SIZE = 1000;

/** `pageNo` from 1, `pageSize` 1-1000 (default 20), as the console's MCP lists. */
export function pagingOf(input: Input<PageParam>): { offset: number; limit: number } {
  const page = pageOf({ pageNo: input.pageNo, pageSize: input.pageSize ?? 20 });
  if (page.pageSize > MAX_PAGE_SIZE) throw invalid(`pageSize may be at most ${MAX_PAGE_SIZE}`);
  return { offset: page.offset, limit: page.pageSize };
}
