import { apiPostJson } from '../../../lib/api-client.js';

import type { SummaryTimeline, TimelineGroupName, TimelineQueryResponse } from '@tsnacos/protocol';

export const TIMELINE_GROUPS: readonly TimelineGroupName[] = ['LEAST', 'MINUTE', 'HOUR'];
export type TimelineGroup = TimelineGroupName;
export type SummarySeries = SummaryTimeline;
/** Note `summeryData`, spelled as the server spells it. */
export type Timeline = TimelineQueryResponse;

export interface TimelineQuery {
  keys: string[];
  nodeId: number;
  timelineGroupName: TimelineGroup;
  /** Only points newer than this (ms); absent on the first load. */
  startTime?: number;
}

export const queryTimeline = (q: TimelineQuery, signal?: AbortSignal) =>
  apiPostJson<Timeline>('/v2/metrics/timeline', q, { signal });
