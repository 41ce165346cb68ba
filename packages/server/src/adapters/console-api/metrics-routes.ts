import type { TimelineQueryRequest, TimelineQueryResponse } from '@tsnacos/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MetricsService } from '../../core/metrics/metrics-service.js';
import type { TimelineGroupName } from '../../core/metrics/timeline.js';
import { API } from './console-paths.js';
import { inputOf, optionalText, stringList, wholeNumber } from './console-input.js';
import { ConsoleError, ok } from './envelope.js';
import { namespaced, NO_NAMESPACES } from './console-namespaces.js';

/** These routes name no namespace. */
const NONE = namespaced(NO_NAMESPACES);

const GROUPS: TimelineGroupName[] = ['LEAST', 'MINUTE', 'HOUR'];

/** The monitor page's timeline: JSON body (POST) or query with `stringKey` (GET). */
export function registerMetricsRoutes(app: FastifyInstance, metrics: MetricsService, nodeId: number): void {
  const timeline = async (req: FastifyRequest) => {
    const input = inputOf<TimelineQueryRequest>(req);
    const requestedNode = wholeNumber(input, 'nodeId', 0, Number.MAX_SAFE_INTEGER) ?? 0;
    if (requestedNode !== 0 && requestedNode !== nodeId)
      throw new ConsoleError('NOT_FOUND', `no cluster node ${requestedNode}`);
    const name = optionalText(input, 'timelineGroupName') as TimelineGroupName | undefined;
    const keys = stringList(input, 'keys') ?? [];
    const answer = metrics.timeline({
      group: name && GROUPS.includes(name) ? name : 'MINUTE',
      startTime: wholeNumber(input, 'startTime', 0, Number.MAX_SAFE_INTEGER) ?? 0,
      keys: keys.length > 0 ? keys : (stringList(input, 'stringKey') ?? []),
    });
    const response: TimelineQueryResponse = { ...answer, fromNodeId: nodeId };
    return ok(response);
  };
  app.get(`${API}/v2/metrics/timeline`, NONE, timeline);
  app.post(`${API}/v2/metrics/timeline`, NONE, timeline);
}
