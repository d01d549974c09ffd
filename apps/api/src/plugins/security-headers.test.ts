import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app';
import { DEMO_PASSWORD, logIn } from '../testing/onboarding-helpers';

// HSTS behind a TLS-terminating proxy, one framing policy, browser features off, and the API
// reference closed to the public in production.
describe('security headers', () => {
  let plain: TestApp;
  let proxied: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    plain = await buildTestApp();
    proxied = await buildTestApp({ TRUST_PROXY: 'on' });
    production = await buildTestApp({ NODE_ENV: 'production', DEMO_MODE: 'on' }, 'demo');
  }, 60_000);
  afterAll(async () => {
    await plain.close();
    await proxied.close();
    await production.close();
  });

  const overHttps = { 'x-forwarded-proto': 'https' };

  it('sends HSTS when a trusted proxy says the request came over HTTPS', async () => {
    const https = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: overHttps });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await proxied.app.inject({ method: 'GET', url: '/api/health' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  it('ignores X-Forwarded-Proto when no proxy is trusted', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/api/health', headers: overHttps });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('has one framing policy and switches browser features off, on answers and errors alike', async () => {
    for (const url of ['/api/health', '/api/no-such-route']) {
      const response = await plain.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      const policy = String(response.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment']) {
        expect(policy).toContain(`${feature}=()`);
      }
    }
  });

  it('serves /api/docs openly in development', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('serves /api/docs to operators only in production', async () => {
    for (const url of ['/api/docs/', '/api/docs/json']) {
      const anonymous = await production.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.headers['content-type']).toContain('application/problem+json');
    }
    const client = await logIn(production.app, 'private@demo.test', DEMO_PASSWORD);
    const asClient = await production.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: client.headers,
    });
    expect(asClient.statusCode).toBe(401);
    const operator = await logIn(production.app, 'support@demo.test', DEMO_PASSWORD, true);
    const asOperator = await production.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: operator.headers,
    });
    expect(asOperator.statusCode).toBe(200);
  });
});
