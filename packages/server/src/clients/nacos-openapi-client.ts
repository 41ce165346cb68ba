/** A minimal client of the nacos v1 OpenAPI (as served by nacos and tsnacos) for reading everything out. */

export interface NacosNamespace {
  namespace: string;
  namespaceShowName: string;
}

export interface NacosConfigItem {
  tenant?: string;
  group: string;
  dataId: string;
  content: string;
  type?: string;
}

export interface NacosConfigPage {
  totalCount: number;
  pagesAvailable: number;
  pageItems: NacosConfigItem[];
}

const TIMEOUT_MS = 15_000;

export class NacosOpenApiClient {
  private accessToken: string | undefined;

  constructor(readonly baseUrl: string) {}

  /** `ip:port`, `host` (port 8848) or a full `http://host:port` URL. */
  static forHost(host: string): NacosOpenApiClient {
    const trimmed = host.trim().replace(/\/+$/, '');
    const withScheme = /^https?:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
    let url: URL;
    try {
      url = new URL(withScheme);
    } catch {
      throw new Error(`invalid nacos address "${host}" (expected host:port, e.g. 127.0.0.1:8848)`);
    }
    if (!url.port) url.port = '8848';
    return new NacosOpenApiClient(`${url.protocol}//${url.host}`);
  }

  async login(username: string, password: string): Promise<void> {
    const body = new URLSearchParams({ username, password });
    const answer = await this.request('POST', '/nacos/v1/auth/login', body, 'the login');
    const token = (answer as { accessToken?: unknown }).accessToken;
    if (typeof token !== 'string' || !token)
      throw new Error(`nacos at ${this.baseUrl} answered the login without an accessToken`);
    this.accessToken = token;
  }

  async namespaces(): Promise<NacosNamespace[]> {
    const answer = (await this.request('GET', '/nacos/v1/console/namespaces', undefined, 'the namespace list')) as {
      data?: unknown;
    };
    if (!Array.isArray(answer.data))
      throw new Error(`nacos at ${this.baseUrl} answered the namespace list without a data array`);
    return answer.data.map((n: { namespace?: unknown; namespaceShowName?: unknown }) => ({
      namespace: typeof n.namespace === 'string' ? n.namespace : '',
      namespaceShowName: typeof n.namespaceShowName === 'string' ? n.namespaceShowName : '',
    }));
  }

  async configPage(tenant: string, pageNo: number, pageSize: number): Promise<NacosConfigPage> {
    const query = new URLSearchParams({
      dataId: '',
      group: '',
      tenant,
      search: 'accurate',
      pageNo: String(pageNo),
      pageSize: String(pageSize),
    });
    const answer = (await this.request(
      'GET',
      `/nacos/v1/cs/configs?${query}`,
      undefined,
      'the config search',
    )) as Partial<NacosConfigPage>;
    if (!Array.isArray(answer.pageItems))
      throw new Error(`nacos at ${this.baseUrl} answered the config search without pageItems`);
    return {
      totalCount: Number(answer.totalCount ?? 0),
      pagesAvailable: Number(answer.pagesAvailable ?? 0),
      pageItems: answer.pageItems,
    };
  }

  private async request(
    method: string,
    pathAndQuery: string,
    body: URLSearchParams | undefined,
    what: string,
  ): Promise<unknown> {
    let url = `${this.baseUrl}${pathAndQuery}`;
    if (this.accessToken) url += `${url.includes('?') ? '&' : '?'}accessToken=${encodeURIComponent(this.accessToken)}`;
    let response: Response;
    try {
      response = await fetch(url, { method, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new Error(`cannot reach nacos at ${this.baseUrl}: ${networkCause(err)}`, { cause: err });
    }
    const text = await response.text();
    if (response.status === 401 || response.status === 403) {
      const reason = firstLine(text) || `HTTP ${response.status}`;
      throw new Error(
        what === 'the login'
          ? `nacos at ${this.baseUrl} refused the login: ${reason}`
          : `nacos at ${this.baseUrl} denied ${what}: ${reason} (give -u and -p)`,
      );
    }
    if (!response.ok)
      throw new Error(`nacos at ${this.baseUrl} answered HTTP ${response.status} to ${what}: ${firstLine(text)}`);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new Error(
        `nacos at ${this.baseUrl} answered ${what} with something that is not JSON (is it a nacos server?)`,
      );
    }
  }
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0].slice(0, 200);
}

function networkCause(err: unknown): string {
  const e = err as { name?: string; cause?: { code?: string; message?: string }; message?: string };
  if (e.name === 'TimeoutError') return `no answer within ${TIMEOUT_MS / 1000} s`;
  const code = e.cause?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'unknown host';
  if (code === 'ECONNRESET') return 'connection reset';
  return e.cause?.message ?? e.message ?? String(err);
}
