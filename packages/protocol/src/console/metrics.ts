export type TimelineGroupName = 'LEAST' | 'MINUTE' | 'HOUR';

/** `POST /v2/metrics/timeline` (JSON) or `GET` (query, keys as `stringKey`). */
export interface TimelineQueryRequest {
  /** Only points strictly after this time (epoch ms); 0 or absent = all. */
  startTime?: number;
  timelineGroupName?: TimelineGroupName;
  keys?: string[];
  /** Comma-separated keys, used when `keys` is empty. */
  stringKey?: string;
  nodeId?: number;
}

export interface SummaryTimeline {
  boundKeys: string[];
  bounds: number[];
  rpsData: number[];
  averageData: number[];
  countData: number[];
  /** Latency in ms at each quantile in `boundKeys`. */
  itemsData: Record<string, number[]>;
}

export interface TimelineQueryResponse {
  lastTime: number;
  fromNodeId: number;
  timeIndex: number[];
  intervalSecond: number;
  gaugeData: Record<string, number[]>;
  /** Spelled as r-nacos spells it. */
  summeryData: Record<string, SummaryTimeline>;
}
