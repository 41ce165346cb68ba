import type { FastifyRequest } from 'fastify';
import type { SearchMode } from '../../core/ai/registry-search.js';
import { optional, type Params } from '../http-common/params.js';
import { fail, RESULT_CODE } from '../http-common/nacos-result.js';
import { requestNamespace } from '../http-v1/request-namespace.js';
import { NAMING_V3_NAMESPACE } from './v3-params.js';

/** nacos checks the AI admin routes against the namespace (`namespaceId`, blank = public), as its others. */
export const AI_ROUTE = { config: { namespace: NAMING_V3_NAMESPACE } };

export const aiNamespaceOf = (req: FastifyRequest): string => requestNamespace(req) ?? 'public';

/** `search`: `accurate` (the default) or `blur`. */
export function searchModeOf(params: Params): SearchMode {
  const search = (optional(params, 'search') ?? 'accurate').toLowerCase();
  if (search !== 'accurate' && search !== 'blur') {
    throw fail(
      'invalid',
      RESULT_CODE.PARAMETER_VALIDATE_ERROR,
      'Request parameter `search` should be `accurate` or `blur`.',
    );
  }
  return search;
}
