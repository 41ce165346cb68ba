import type { HistogramState } from './latency-summary.js';

/** The Prometheus text exposition format, version 0.0.4 (what every Prometheus scraper reads). */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

const number = (n: number): string =>
  Number.isNaN(n) ? 'NaN' : n === Infinity ? '+Inf' : n === -Infinity ? '-Inf' : String(n);

// help text escapes backslash and line feed (the format's rule for HELP lines)
const helpLine = (name: string, help: string) =>
  `# HELP ${name} ${help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}\n`;

export function gaugeText(name: string, help: string, value: number): string {
  return `${helpLine(name, help)}# TYPE ${name} gauge\n${name} ${number(value)}\n`;
}

export function counterText(name: string, help: string, value: number): string {
  return `${helpLine(name, help)}# TYPE ${name} counter\n${name} ${number(value)}\n`;
}

/** A histogram from per-bucket counts (`state.buckets`, the last one above every bound): cumulative `le` lines. */
export function histogramText(name: string, help: string, bounds: readonly number[], state: HistogramState): string {
  let text = `${helpLine(name, help)}# TYPE ${name} histogram\n`;
  let cumulative = 0;
  for (let i = 0; i < bounds.length; i++) {
    cumulative += state.buckets[i] ?? 0;
    text += `${name}_bucket{le="${number(bounds[i])}"} ${cumulative}\n`;
  }
  text += `${name}_bucket{le="+Inf"} ${state.count}\n`;
  return `${text}${name}_sum ${number(state.sum)}\n${name}_count ${state.count}\n`;
}
