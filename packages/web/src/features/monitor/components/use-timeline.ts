import { useEffect, useState } from 'react';
import { queryTimeline, type Timeline, type TimelineGroup } from '../api/query-timeline.js';
import { TIMELINE_KEYS } from '../lib/charts.js';
import { mergeTimeline, RETENTION } from '../lib/merge-timeline.js';

const DEFAULT_INTERVAL_SECOND = 60;

/** Loads the whole timeline of a node and group, then polls for newer points every interval. */
export function useTimeline(nodeId: number | null, group: TimelineGroup) {
  const [timeline, setTimeline] = useState<Timeline | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (nodeId === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let shown: Timeline | null = null;
    setTimeline(null);

    const load = async () => {
      setLoading(shown === null);
      try {
        const next = await queryTimeline(
          { keys: TIMELINE_KEYS, nodeId, timelineGroupName: group, startTime: shown?.lastTime || undefined },
          controller.signal,
        );
        if (controller.signal.aborted) return;
        shown = mergeTimeline(shown, next, RETENTION[group]);
        setTimeline(shown);
        timer = setTimeout(() => void load(), (next.intervalSecond || DEFAULT_INTERVAL_SECOND) * 1000);
      } catch {
        if (!controller.signal.aborted) timer = setTimeout(() => void load(), DEFAULT_INTERVAL_SECOND * 1000);
      } finally {
        if (!controller.signal.aborted) setLoading(false);
      }
    };
    void load();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [nodeId, group]);

  return { timeline, loading };
}
