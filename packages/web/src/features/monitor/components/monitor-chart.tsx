import { Card, Empty, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Timeline } from '../api/query-timeline.js';
import type { ChartDef } from '../lib/charts.js';

const LineChart = lazy(() => import('./line-chart.js'));

/** One chart card: its series picked from the timeline. */
export function MonitorChart({ def, timeline }: { def: ChartDef; timeline: Timeline | null }) {
  const { t } = useTranslation();
  const times = timeline?.timeIndex ?? [];
  const series = def.series
    .map((s) => {
      const values = timeline ? s.pick(timeline) : undefined;
      return { name: t(s.label), data: times.map((time, i) => [time, values?.[i] ?? null] as [number, number | null]) };
    })
    .filter((s) => s.data.some(([, v]) => v !== null));
  return (
    <Card size="small" title={t(def.title)} data-testid={`chart-${def.id}`}>
      {series.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('monitor.no_data')}
          style={{ height: 220, margin: 0, paddingTop: 60 }}
        />
      ) : (
        <Suspense fallback={<Skeleton active />}>
          <LineChart series={series} />
        </Suspense>
      )}
    </Card>
  );
}
