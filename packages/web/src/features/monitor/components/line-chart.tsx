import { LineChart as EchartsLine } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([EchartsLine, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

interface LineSeries {
  name: string;
  data: [number, number | null][];
}

interface LineChartProps {
  series: LineSeries[];
  height?: number;
}

/** A time-axis line chart (echarts, only the parts used here). */
function LineChart({ series, height = 220 }: LineChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const instance = echarts.init(element.current);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(
      {
        animation: false,
        grid: { left: 48, right: 16, top: series.length > 1 ? 36 : 16, bottom: 28 },
        tooltip: { trigger: 'axis' },
        legend: { show: series.length > 1, top: 0, type: 'scroll' },
        xAxis: { type: 'time' },
        yAxis: { type: 'value', scale: true },
        series: series.map((s) => ({
          name: s.name,
          type: 'line',
          showSymbol: false,
          connectNulls: true,
          data: s.data,
        })),
      },
      { notMerge: true },
    );
  }, [series]);

  return <div ref={element} style={{ width: '100%', height }} />;
}

export default LineChart;
