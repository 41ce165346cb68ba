import { Col, Radio, Row, Select, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageBody, PageHeader } from '../../../components/page-header.js';
import { useUrlState } from '../../../lib/url-state.js';
import { useClusterNodes } from '../../cluster/api/get-cluster-nodes.js';
import { TIMELINE_GROUPS, type TimelineGroup } from '../api/query-timeline.js';
import { CHARTS } from '../lib/charts.js';
import { MonitorChart } from './monitor-chart.js';
import { useTimeline } from './use-timeline.js';

/** Charts of the server's metrics, per node, at the LEAST, MINUTE or HOUR granularity. */
export function MonitorPage() {
  const { t } = useTranslation();
  const { get, update } = useUrlState();
  const nodes = useClusterNodes();
  const group = (TIMELINE_GROUPS as readonly string[]).includes(get('interval'))
    ? (get('interval') as TimelineGroup)
    : 'LEAST';
  const nodeParam = Number(get('node'));
  const nodeId = nodes.data
    ? (nodes.data.find((n) => n.nodeId === nodeParam)?.nodeId ?? nodes.data[0]?.nodeId ?? 0)
    : nodes.isError
      ? 0
      : null;
  const { timeline, loading } = useTimeline(nodeId, group);

  return (
    <div className="page">
      <PageHeader
        title={t('monitor.title')}
        extra={
          <Space wrap>
            <span>{t('monitor.node')}:</span>
            <Select
              style={{ minWidth: 200 }}
              value={nodeId ?? undefined}
              loading={nodes.isFetching}
              options={(nodes.data ?? []).map((n) => ({ value: n.nodeId, label: `${n.nodeId}@${n.addr}` }))}
              onChange={(v: number) => update({ node: v })}
            />
            <Radio.Group
              optionType="button"
              value={group}
              options={TIMELINE_GROUPS.map((g) => ({ value: g, label: t(`monitor.${g}`) }))}
              onChange={(e) => update({ interval: e.target.value === 'LEAST' ? null : (e.target.value as string) })}
            />
          </Space>
        }
      />
      <PageBody>
        <Spin spinning={loading}>
          <Row gutter={[12, 12]}>
            {CHARTS.map((def) => (
              <Col key={def.id} xs={24} lg={12} xxl={8}>
                <MonitorChart def={def} timeline={timeline} />
              </Col>
            ))}
          </Row>
        </Spin>
      </PageBody>
    </div>
  );
}
