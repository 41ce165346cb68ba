import { describe, expect, it } from 'vitest';
import type { Timeline } from '../api/query-timeline.js';
import { mergeTimeline } from './merge-timeline.js';

const timeline = (times: number[], gauge: Record<string, number[]>, rps?: number[]): Timeline => ({
  lastTime: times.at(-1) ?? 0,
  fromNodeId: 1,
  timeIndex: times,
  intervalSecond: 15,
  gaugeData: gauge,
  summeryData: rps
    ? {
        http: {
          boundKeys: ['0.5'],
          bounds: [0.5],
          rpsData: rps,
          averageData: rps,
          countData: rps,
          itemsData: { '0.5': rps },
        },
      }
    : {},
});

describe('mergeTimeline', () => {
  it('appends newer points and keeps series aligned with the time index', () => {
    const first = mergeTimeline(null, timeline([1, 2], { cpu: [10, 20] }, [1, 2]), 10);
    const merged = mergeTimeline(first, timeline([3], { cpu: [30], mem: [5] }), 10);
    expect(merged.timeIndex).toEqual([1, 2, 3]);
    expect(merged.gaugeData.cpu).toEqual([10, 20, 30]);
    expect(merged.gaugeData.mem).toEqual([null, null, 5]);
    expect(merged.summeryData.http.rpsData).toEqual([1, 2, null]);
    expect(merged.summeryData.http.itemsData['0.5']).toEqual([1, 2, null]);
    expect(merged.lastTime).toBe(3);
  });

  it('keeps only the newest points', () => {
    const merged = mergeTimeline(timeline([1, 2, 3], { cpu: [1, 2, 3] }), timeline([4, 5], { cpu: [4, 5] }), 3);
    expect(merged.timeIndex).toEqual([3, 4, 5]);
    expect(merged.gaugeData.cpu).toEqual([3, 4, 5]);
  });

  it('an empty answer changes nothing', () => {
    const shown = timeline([1], { cpu: [1] });
    expect(mergeTimeline(shown, timeline([], {}), 5)).toBe(shown);
  });
});
