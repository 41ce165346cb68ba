import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, buildConsoleApp, call, sessionFor, type ConsoleApp } from '../../../test/console-helpers.js';

describe('console input limits', () => {
  let app: ConsoleApp;
  let admin: string;
  beforeAll(async () => {
    app = await buildConsoleApp({ RNACOS_CONFIG_MAX_CONTENT: '1000' });
    admin = await sessionFor(app, 'admin');
  });
  afterAll(() => app.dispose());

  it('refuses a JSON body over the limit with 413 and an envelope', async () => {
    const res = await call(app.console, 'POST', 'v2/config/update', {
      token: admin,
      json: { dataId: 'd', content: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'PARAM_ERROR' });
  });

  it('refuses a JSON body nested too deep for its handlers, with an envelope and no server error', async () => {
    // a tool spec's input schema nested 100,000 deep once overflowed the stack in JSON.stringify
    const schema = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const res = await app.console.inject({
      method: 'POST',
      url: `${API}/v2/mcp/toolspec/add`,
      cookies: { token: admin },
      headers: { 'content-type': 'application/json' },
      payload: `{"namespace":"","group":"G","toolName":"t","function":{"name":"t","description":"","inputSchema":${schema}}}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
      message: expect.stringContaining('depth'),
    });
  });

  it('refuses a config over RNACOS_CONFIG_MAX_CONTENT', async () => {
    const res = await call(app.console, 'POST', 'v2/config/update', {
      token: admin,
      json: { dataId: 'd', content: 'x'.repeat(1001) },
    });
    expect(res.json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
      message: expect.stringContaining('too large'),
    });
  });

  it('refuses an oversized login form', async () => {
    const res = await app.console.inject({
      method: 'POST',
      url: `${API}/v2/login/login`,
      payload: `username=admin&password=${'p'.repeat(100 * 1024)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().success).toBe(false);
  });

  it('refuses bodies that are not JSON objects or forms, and ignores unknown fields', async () => {
    const res = await app.console.inject({
      method: 'POST',
      url: `${API}/v2/config/update`,
      cookies: { token: admin },
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.json()).toMatchObject({
      success: false,
      code: 'PARAM_ERROR',
      message: 'the request body must be a JSON object',
    });
    const xml = await app.console.inject({
      method: 'POST',
      url: `${API}/v2/config/update`,
      cookies: { token: admin },
      payload: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ success: false, code: 'PARAM_ERROR' });
    const extra = await call(app.console, 'POST', 'v2/config/update', {
      token: admin,
      json: { dataId: 'd', content: 'x', unknownField: { deep: [1] }, tenant: '' },
    });
    expect(extra.json().data).toBe(true);
  });

  it('answers unknown API paths NOT_FOUND to logged-in users (not a missing right)', async () => {
    const res = await call(app.console, 'GET', 'v2/no/such/thing', { token: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
