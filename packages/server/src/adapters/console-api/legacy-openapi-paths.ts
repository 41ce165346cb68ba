import { API } from './console-paths.js';

/**
 * Older consoles call the nacos OpenAPI under the console prefix: `/cs/configs`, `/ns/service` and
 * `/ns/instance`. The console server rewrites exactly these paths to the OpenAPI ones before routing; the
 * login check judges an OpenAPI route by the console path it is rewritten from.
 */
const REWRITES = new Map([
  [`${API}/cs/configs`, '/nacos/v1/cs/configs'],
  [`${API}/ns/service`, '/nacos/v1/ns/service'],
  [`${API}/ns/instance`, '/nacos/v1/ns/instance'],
]);

const SOURCES = new Map([...REWRITES].map(([from, to]) => [to, from]));

/** The console path an OpenAPI route serves older consoles under (its rights are that path's). */
export function legacyConsolePathOf(route: string): string | undefined {
  return SOURCES.get(route);
}

export function rewriteLegacyOpenApiUrl(url: string): string {
  const q = url.indexOf('?');
  const target = REWRITES.get(q < 0 ? url : url.slice(0, q));
  return target ? target + (q < 0 ? '' : url.slice(q)) : url;
}
