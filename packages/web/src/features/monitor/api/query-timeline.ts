import { apiPostJson } from '../../../lib/api-client.js';

export const TIMELINE_GROUPS = ['LEAST', 'MINUTE', 'HOUR'] as const;
export type TimelineGroup = (typeof TIMELINE_GROUPS)[number];

export interface SummarySeries {
  boundKeys: string[];
  bounds: number[];
  rpsData: number[];
  averageData: number[];
  countData: number[];
  itemsData: Record<string, number[]>;
}

export interface Timeline {
  lastTime: number;
  fromNodeId: number;
  timeIndex: number[];
  intervalSecond: number;
  gaugeData: Record<string, number[]>;
  /** Spelled this way by the server. */
  summeryData: Record<string, SummarySeries>;
}

export interface TimelineQuery {
  keys: string[];
  nodeId: number;
  timelineGroupName: TimelineGroup;
  /** Only points newer than this (ms); absent on the first load. */
  startTime?: number;
}

export const queryTimeline = (q: TimelineQuery, signal?: AbortSignal) =>
  apiPostJson<Timeline>('/v2/metrics/timeline', q, { signal });
