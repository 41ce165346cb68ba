import type { ApiResource } from '../../../core/auth/api-access.js';
import { parseFuzzyPattern } from '../../../core/fuzzy-watch/fuzzy-pattern.js';
import {
  FuzzyWatchRefusal,
  FUZZY_MATCH_COUNT_OVER_LIMIT,
  type FuzzyWatchIndex,
} from '../../../core/fuzzy-watch/fuzzy-watch-index.js';
import { invalid } from '../../../shared/errors.js';
import { booleanField, optionalString, stringField } from '../body-fields.js';
import type { GrpcConnections } from '../connections.js';
import { failure, type RequestContext } from '../grpc-handler.js';
import { pushFuzzySync, type FuzzySyncShape } from '../fuzzy-watch-sync.js';
import type { JsonObject } from '../payload.js';

export const WATCH = 'WATCH';
export const CANCEL_WATCH = 'CANCEL_WATCH';

/** The pattern a fuzzy-watch request names, required. */
export function patternOf(body: JsonObject): string {
  const pattern = optionalString(body, 'groupKeyPattern');
  if (!pattern) throw invalid('groupKeyPattern is required');
  return pattern;
}

/** A read of the pattern's namespace, spelled for the guard by the door's own canonical form. */
export function fuzzyAccess(canonical: (namespace: string) => string) {
  return (body: JsonObject): ApiResource[] => [
    { namespaceId: canonical(parseFuzzyPattern(patternOf(body)).namespace), action: 'read' },
  ];
}

/** `receivedGroupKeys`: the keys the client already has (a set in Java, an array on the wire). */
function receivedKeys(body: JsonObject): string[] {
  const value = body.receivedGroupKeys;
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((k) => typeof k !== 'string')) {
    throw invalid('receivedGroupKeys must be an array of strings');
  }
  return value as string[];
}

/**
 * A WATCH: the connection joins the pattern and, once the answer is out, is told the difference between
 * what it has and what the pattern matches. Over a limit the answer is a typed failure with nacos' code
 * (the sync still goes when the pattern was taken but matches more than it may follow, as in nacos).
 */
export function watch(
  index: FuzzyWatchIndex,
  connections: GrpcConnections,
  shape: FuzzySyncShape,
  body: JsonObject,
  ctx: RequestContext,
): JsonObject {
  const conn = ctx.connection!;
  const pattern = patternOf(body);
  let joined: ReturnType<FuzzyWatchIndex['watch']>;
  try {
    joined = index.watch(pattern, conn.id);
  } catch (err) {
    if (err instanceof FuzzyWatchRefusal) return failure(err.code, err.message);
    throw err;
  }
  const sync = {
    conn,
    pattern,
    matched: new Set(joined.matched),
    received: receivedKeys(body),
    initializing: booleanField(body, 'initializing', false),
    overLimit: joined.overLimit,
  };
  (ctx.afterReply ??= []).push(() => void pushFuzzySync(connections, shape, sync));
  if (joined.overLimit) return failure(FUZZY_MATCH_COUNT_OVER_LIMIT.code, FUZZY_MATCH_COUNT_OVER_LIMIT.message);
  return {};
}

export function watchType(body: JsonObject): string {
  return stringField(body, 'watchType');
}
