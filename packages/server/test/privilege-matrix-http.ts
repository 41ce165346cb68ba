import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './helpers.js';
import { NAMESPACES, nsName, type Ns } from './privilege-matrix-cells.js';
import { HTTP_SAMPLES, type HttpSample } from './privilege-matrix-sdk-cells.js';
import type { SdkRoute } from './sdk-route-table.js';

// The SDK HTTP cells of the privilege matrix, generated from the registered routes and their samples.

export interface HttpCell {
  name: string;
  /** `GET /nacos/v1/cs/configs`, say. */
  route: string;
  need: 'read' | 'write' | 'admin';
  /** The namespaces the request acts on: a user must reach them all. */
  namespaces: Ns[];
  /** The request names two different namespaces: 400 for everyone. */
  twoNamespaces: boolean;
  reached: (res: LightMyRequestResponse) => boolean;
  /** Sends the cell's request to the routes (inject), or over a real socket to `base` (fast paths first). */
  run: (app: TestApp, token: string, base?: string) => Promise<LightMyRequestResponse>;
}

type Pairs = [string, string][];

/** Where the namespace goes: parameters for the query string and for the form body. */
interface Placement {
  label: string;
  /** The path with the namespace in it (routes that read it from the path); default: the route's. */
  path?: string;
  query: Pairs;
  form: Pairs;
}

/** What the cells read of an answer that came over a socket. */
async function socketAnswer(res: Response): Promise<LightMyRequestResponse> {
  const body = await res.text();
  const answer = {
    statusCode: res.status,
    body,
    headers: Object.fromEntries(res.headers),
    json: () => JSON.parse(body),
  };
  return answer as unknown as LightMyRequestResponse;
}

function send(app: TestApp, route: SdkRoute, sample: HttpSample, token: string, placement: Placement, base?: string) {
  const params = Object.entries(sample.params());
  const query: Pairs = [...(sample.form ? [] : params), ...placement.query, ['accessToken', token]];
  const form: Pairs = [...(sample.form ? params : []), ...placement.form];
  const url = `${placement.path ?? route.url}?${new URLSearchParams(query)}`;
  const body =
    form.length > 0
      ? {
          payload: new URLSearchParams(form).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }
      : undefined;
  return {
    params: Object.fromEntries(params),
    request: () =>
      base
        ? fetch(`${base}${url}`, { method: route.method, body: body?.payload, headers: body?.headers }).then(
            socketAnswer,
          )
        : app.sdkHttp.inject({ method: route.method as 'GET', url, ...body }),
  };
}

const listening = (...tenants: Ns[]) => tenants.map((t) => `seed\u0002G\u0002stale\u0002${t}\u0001`).join('');

/** One namespace in each field the route declares (and none at all for the default namespace). */
function singlePlacements(route: SdkRoute, sample: HttpSample): { ns: Ns[]; placement: Placement }[] {
  const source = route.namespace;
  const where = (field: string, value: string): Placement =>
    sample.form
      ? { label: `${field}=${value}`, query: [], form: [[field, value]] }
      : { label: `${field}=${value}`, query: [[field, value]], form: [] };
  if (!source || source.kind === 'none')
    return [{ ns: [''], placement: { label: 'no namespace', query: [], form: [] } }];
  if (source.kind === 'listened') {
    const one = (nss: Ns[]) => ({
      ns: nss,
      placement: {
        label: `listening in ${nss.map(nsName).join(' and ')}`,
        query: [],
        form: [['Listening-Configs', listening(...nss)]] as Pairs,
      },
    });
    return [...NAMESPACES.map((ns) => one([ns])), one([...NAMESPACES])];
  }
  if (source.kind === 'serviceKey') {
    const inPath = (ns: Ns, key: string) => ({
      ns: [ns],
      placement: {
        label: `key ${key}`,
        path: route.url.replace(`:${source.param}`, encodeURIComponent(key)),
        query: [],
        form: [],
      },
    });
    return [
      inPath('', 'DEFAULT_GROUP@@seed'),
      ...NAMESPACES.map((ns) => inPath(ns, `${nsName(ns)}##DEFAULT_GROUP@@seed`)),
    ];
  }
  const out: { ns: Ns[]; placement: Placement }[] = [];
  for (const ns of sample.only ?? NAMESPACES) {
    for (const field of source.fields) out.push({ ns: [ns], placement: where(field, nsName(ns)) });
    if (ns === '') out.push({ ns: [''], placement: { label: 'no namespace field', query: [], form: [] } });
  }
  return out;
}

/** The bypass shapes: two fields naming different namespaces, one field twice, query against body. */
function twoNamespacePlacements(route: SdkRoute): Placement[] {
  const source = route.namespace;
  if (source?.kind !== 'fields') return [];
  const out: Placement[] = [];
  for (const a of source.fields) {
    for (const b of source.fields) {
      if (a !== b)
        out.push({
          label: `${a}=public&${b}=dev`,
          query: [
            [a, 'public'],
            [b, 'dev'],
          ],
          form: [],
        });
    }
    out.push({
      label: `${a}=dev&${a}=public`,
      query: [
        [a, 'dev'],
        [a, 'public'],
      ],
      form: [],
    });
    if (route.method !== 'GET')
      out.push({ label: `${a}=public in the query, ${a}=dev in the body`, query: [[a, 'public']], form: [[a, 'dev']] });
  }
  return out;
}

export function generateHttpCells(routes: SdkRoute[]): HttpCell[] {
  const cells: HttpCell[] = [];
  for (const route of routes) {
    for (const sample of HTTP_SAMPLES[`${route.method} ${route.url}`] ?? []) {
      const reached = sample.reached ?? ((res: LightMyRequestResponse) => res.statusCode === 200);
      const base = `${route.method} ${route.url} ${JSON.stringify(sample.params())}`;
      for (const { ns, placement } of singlePlacements(route, sample)) {
        cells.push({
          name: `${base} ${placement.label}`,
          route: `${route.method} ${route.url}`,
          need: sample.need,
          namespaces: ns,
          twoNamespaces: false,
          reached,
          run: async (app, token, socket) => {
            const { params, request } = send(app, route, sample, token, placement, socket);
            await sample.prepare?.(app, nsName(ns[0]), params);
            return request();
          },
        });
      }
      for (const placement of twoNamespacePlacements(route)) {
        cells.push({
          name: `${base} ${placement.label}`,
          route: `${route.method} ${route.url}`,
          need: sample.need,
          namespaces: ['', 'dev'],
          twoNamespaces: true,
          reached,
          run: (app, token, socket) => send(app, route, sample, token, placement, socket).request(),
        });
      }
    }
  }
  return cells;
}
