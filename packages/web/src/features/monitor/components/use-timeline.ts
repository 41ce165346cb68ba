import { useEffect, useState } from 'react';
import { queryTimeline, type Timeline, type TimelineGroup } from '../api/query-timeline.js';
import { TIMELINE_KEYS } from '../lib/charts.js';
import { mergeTimeline, RETENTION } from '../lib/merge-timeline.js';

const DEFAULT_INTERVAL_SECOND = 60;

/** What has been loaded for one node and group; `settled` once its first load ended either way. */
interface Loaded {
  key: string;
  timeline: Timeline | null;
  settled: boolean;
}

/** Loads the whole timeline of a node and group, then polls for newer points every interval. */
export function useTimeline(nodeId: number | null, group: TimelineGroup) {
  const key = `${nodeId}/${group}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (nodeId === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let shown: Timeline | null = null;

    const load = async () => {
      try {
        const next = await queryTimeline(
          { keys: TIMELINE_KEYS, nodeId, timelineGroupName: group, startTime: shown?.lastTime || undefined },
          controller.signal,
        );
        if (controller.signal.aborted) return;
        shown = mergeTimeline(shown, next, RETENTION[group]);
        setLoaded({ key, timeline: shown, settled: true });
        timer = setTimeout(() => void load(), (next.intervalSecond || DEFAULT_INTERVAL_SECOND) * 1000);
      } catch {
        if (controller.signal.aborted) return;
        setLoaded({ key, timeline: shown, settled: true });
        timer = setTimeout(() => void load(), DEFAULT_INTERVAL_SECOND * 1000);
      }
    };
    void load();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [key, nodeId, group]);

  // What was loaded for another node or group is not shown while the new one loads.
  const current = loaded?.key === key ? loaded : null;
  return { timeline: current?.timeline ?? null, loading: nodeId !== null && !current?.settled };
}
