import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fail, noLogin, ok } from '../testing/fake-api.js';
import { captureToasts, setupI18n } from '../testing/render.js';
import { apiGet, apiPostJson, ApiError } from './api-client.js';
import { setLoginNavigator } from './login-redirect.js';

describe('api client', () => {
  beforeEach(() => setupI18n('en'));
  afterEach(() => {
    setLoginNavigator(null);
    vi.useRealTimers();
  });

  it('returns the data of a successful envelope and sends JSON writes as JSON', async () => {
    const api = fakeApi({
      'POST /v2/namespaces/add': () => ok(true),
      'GET /v2/user/list': () => ok({ totalCount: 0, list: [] }),
    });
    expect(await apiPostJson('/v2/namespaces/add', { namespaceId: 'a' })).toBe(true);
    expect(await apiGet('/v2/user/list', { likeUsername: '', pageNo: 1, pageSize: 10, skip: null })).toEqual({
      totalCount: 0,
      list: [],
    });
    const [post, get] = api.calls;
    expect(post.headers.get('content-type')).toBe('application/json');
    expect(post.json()).toEqual({ namespaceId: 'a' });
    expect(get.query.toString()).toBe('likeUsername=&pageNo=1&pageSize=10');
  });

  it('shows "request error,http code:{status}" for a non-200 answer', async () => {
    const toasts = captureToasts();
    fakeApi({ 'GET /x': () => new Response('', { status: 503 }) });
    await expect(apiGet('/x')).rejects.toThrow('request error,http code:503');
    expect(toasts.errors).toEqual(['request error,http code:503']);
  });

  it('shows the message of a non-200 answer that carries an envelope (the store unavailable)', async () => {
    const toasts = captureToasts();
    const unavailable = 'the store is unavailable: the database cannot be reached, try again later';
    fakeApi({
      'GET /x': () =>
        new Response(JSON.stringify({ success: false, code: 'SYSTEM_ERROR', message: unavailable }), { status: 503 }),
    });
    await expect(apiGet('/x')).rejects.toMatchObject({ status: 503 });
    expect(toasts.errors).toEqual([`System error : ${unavailable}`]);
  });

  it('translates error.{code}; SYSTEM_ERROR and unknown codes get the system text plus the message', async () => {
    const toasts = captureToasts();
    fakeApi({
      'GET /a': () => fail('NO_NAMESPACE_PERMISSION', 'user no such namespace permission: dev'),
      'GET /b': () => fail('SYSTEM_ERROR', 'the config data_id is invalid : a b'),
      'GET /c': () => fail('SOMETHING_NEW', 'details'),
    });
    await expect(apiGet('/a')).rejects.toBeInstanceOf(ApiError);
    await expect(apiGet('/b')).rejects.toBeInstanceOf(ApiError);
    await expect(apiGet('/c')).rejects.toBeInstanceOf(ApiError);
    expect(toasts.errors).toEqual([
      'No permission for this namespace',
      'System error : the config data_id is invalid : a b',
      'System error : details',
    ]);
  });

  it('shows refusals the user can fix in their own words, not as a system error', async () => {
    const toasts = captureToasts();
    fakeApi({
      'GET /ns': () => fail('NAMESPACE_IN_USE', 'namespace dev still holds 2 configs: delete them first'),
      'GET /svc': () =>
        fail('PARAM_ERROR', 'service DEFAULT_GROUP@@a has 2 instance(s); deregister them before deleting it'),
      'GET /self': () => fail('CONFLICT', 'you cannot delete your own account'),
      'GET /param': () => fail('PARAM_ERROR', 'port must be a whole number from 1 to 65535, got 0'),
      'GET /oauth2': () =>
        fail(
          'PARAM_ERROR',
          'olga is an OAuth2 user: they sign in through the OAuth2 provider and have no password here',
        ),
    });
    for (const path of ['/ns', '/svc', '/self', '/param', '/oauth2'])
      await expect(apiGet(path)).rejects.toBeInstanceOf(ApiError);
    expect(toasts.errors).toEqual([
      'The namespace still holds configs or services: delete them first',
      'The service still has instances: deregister them first',
      'You cannot delete your own account',
      'port must be a whole number from 1 to 65535, got 0',
      'olga is an OAuth2 user: they sign in through the OAuth2 provider and have no password here',
    ]);
  });

  it("says in Chinese why an LDAP or OAuth2 user's password or role cannot be set", async () => {
    setupI18n('zh');
    const toasts = captureToasts();
    fakeApi({
      'GET /ldap': () =>
        fail('PARAM_ERROR', 'alice is an LDAP user: the password is kept by the directory, change it there'),
      'GET /role': () =>
        fail(
          'PARAM_ERROR',
          'alice is an LDAP user: the role follows the directory groups (RNACOS_LDAP_USER_ADMIN_GROUP, RNACOS_LDAP_USER_DEVELOPER_GROUP) at each login',
        ),
      'GET /oauth2': () =>
        fail(
          'PARAM_ERROR',
          'olga is an OAuth2 user: they sign in through the OAuth2 provider and have no password here',
        ),
    });
    for (const path of ['/ldap', '/role', '/oauth2']) await expect(apiGet(path)).rejects.toBeInstanceOf(ApiError);
    expect(toasts.errors).toEqual([
      'alice 是 LDAP 用户：密码由目录管理，请在目录中修改',
      'alice 是 LDAP 用户：角色在每次登录时按目录中的组确定',
      'olga 是 OAuth2 用户：通过 OAuth2 认证服务登录，此处没有密码',
    ]);
  });

  it('a silent call leaves the message to the caller', async () => {
    const toasts = captureToasts();
    fakeApi({ 'GET /a': () => fail('NO_PERMISSION') });
    await expect(apiGet('/a', {}, { silent: true })).rejects.toThrow('No permission for this operation');
    expect(toasts.errors).toEqual([]);
  });

  it('a No-Login answer goes to the login page with redirect_url carrying the path and query', async () => {
    const toasts = captureToasts();
    const navigate = vi.fn();
    setLoginNavigator(navigate);
    window.history.pushState({}, '', '/rnacos/manage/configs?dataId=a%20b&namespaceId=dev');
    fakeApi({ 'GET /v2/config/list': noLogin });
    await expect(apiGet('/v2/config/list')).rejects.toMatchObject({ kind: 'no-login' });
    expect(navigate).toHaveBeenCalledWith(
      `/p/login?redirect_url=${encodeURIComponent('/rnacos/manage/configs?dataId=a%20b&namespaceId=dev')}`,
    );
    expect(toasts.errors).toEqual([]);
  });

  it('does not redirect again when already on the login page', async () => {
    const navigate = vi.fn();
    setLoginNavigator(navigate);
    window.history.pushState({}, '', '/rnacos/p/login');
    fakeApi({ 'GET /v2/user/web_resources': noLogin });
    await expect(apiGet('/v2/user/web_resources', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('gives up after 15 s with "timeout of 15000ms exceeded"', async () => {
    vi.useFakeTimers();
    const toasts = captureToasts();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new Error('aborted')))),
      ),
    );
    const pending = apiGet('/slow');
    const assertion = expect(pending).rejects.toMatchObject({
      kind: 'timeout',
      message: 'timeout of 15000ms exceeded',
    });
    await vi.advanceTimersByTimeAsync(14_999);
    expect(toasts.errors).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(toasts.errors).toEqual(['timeout of 15000ms exceeded']);
  });

  it('a network failure shows the network error text', async () => {
    const toasts = captureToasts();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiGet('/x')).rejects.toMatchObject({ kind: 'network', serverMessage: 'Failed to fetch' });
    expect(toasts.errors).toEqual(['Network Error']);
  });
});
