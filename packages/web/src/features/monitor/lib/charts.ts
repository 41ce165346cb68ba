import type { Timeline } from '../api/query-timeline.js';

interface SeriesDef {
  /** i18n key of the legend name. */
  label: string;
  /** Values aligned with timeIndex (null where missing). */
  pick(t: Timeline): (number | null)[] | undefined;
}

export interface ChartDef {
  id: string;
  title: string;
  series: SeriesDef[];
}

const gauge = (key: string, label: string): SeriesDef => ({ label, pick: (t) => t.gaugeData[key] });
const summary = (key: string, field: 'rpsData' | 'countData' | 'averageData', label: string): SeriesDef => ({
  label,
  pick: (t) => t.summeryData[key]?.[field],
});
const quantile = (key: string, q: string): SeriesDef => ({
  label: `p${Number(q) * 100}`,
  pick: (t) => t.summeryData[key]?.itemsData?.[q],
});

const HTTP = 'http_request_handle_rt_summary';
const GRPC = 'grpc_request_handle_rt_summary';
const QUANTILES = ['0.5', '0.9', '0.95', '1'];

/** The monitor's charts and the metric each line reads. */
export const CHARTS: ChartDef[] = [
  { id: 'cpu', title: 'monitor.cpu', series: [gauge('app_cpu_usage', 'monitor.cpu')] },
  { id: 'memory', title: 'monitor.memory', series: [gauge('app_memory_usage', 'monitor.memory')] },
  { id: 'rss', title: 'monitor.rss', series: [gauge('app_rss_memory', 'monitor.rss')] },
  {
    id: 'rps',
    title: 'monitor.rps',
    series: [summary(HTTP, 'rpsData', 'monitor.http'), summary(GRPC, 'rpsData', 'monitor.grpc')],
  },
  {
    id: 'count',
    title: 'monitor.request_count',
    series: [summary(HTTP, 'countData', 'monitor.http'), summary(GRPC, 'countData', 'monitor.grpc')],
  },
  {
    id: 'http-rt',
    title: 'monitor.http_rt',
    series: [summary(HTTP, 'averageData', 'monitor.average'), ...QUANTILES.map((q) => quantile(HTTP, q))],
  },
  {
    id: 'grpc-rt',
    title: 'monitor.grpc_rt',
    series: [summary(GRPC, 'averageData', 'monitor.average'), ...QUANTILES.map((q) => quantile(GRPC, q))],
  },
  { id: 'configs', title: 'monitor.config_count', series: [gauge('config_data_size', 'monitor.configs')] },
  {
    id: 'listeners',
    title: 'monitor.listener_clients',
    series: [
      gauge('config_listener_client_size', 'monitor.listener'),
      gauge('config_subscriber_client_size', 'monitor.subscriber'),
    ],
  },
  {
    id: 'naming',
    title: 'monitor.naming_count',
    series: [gauge('naming_service_size', 'monitor.services'), gauge('naming_instance_size', 'monitor.instances')],
  },
  {
    id: 'naming-clients',
    title: 'monitor.naming_clients',
    series: [gauge('naming_subscriber_client_size', 'monitor.clients')],
  },
  { id: 'connections', title: 'monitor.connections', series: [gauge('grpc_conn_size', 'monitor.connections')] },
];

/** Every metric the charts read, for the timeline request. */
export const TIMELINE_KEYS = [
  'app_cpu_usage',
  'app_memory_usage',
  'app_rss_memory',
  HTTP,
  GRPC,
  'config_data_size',
  'config_listener_client_size',
  'config_subscriber_client_size',
  'naming_service_size',
  'naming_instance_size',
  'naming_subscriber_client_size',
  'grpc_conn_size',
];
