import { apiPostJson } from '../../../lib/api-client.js';

import type {
  SummaryTimeline,
  TimelineGroupName,
  TimelineQueryRequest,
  TimelineQueryResponse,
} from '@tsnacos/protocol';

export const TIMELINE_GROUPS: readonly TimelineGroupName[] = ['LEAST', 'MINUTE', 'HOUR'];
export type TimelineGroup = TimelineGroupName;
export type SummarySeries = SummaryTimeline;
/** Note `summeryData`, spelled as the server spells it. */
export type Timeline = TimelineQueryResponse;

/** `startTime` (ms) is absent on the first load. */
export type TimelineQuery = TimelineQueryRequest;

export const queryTimeline = (q: TimelineQuery, signal?: AbortSignal) =>
  apiPostJson<Timeline>('/v2/metrics/timeline', q, { signal });
