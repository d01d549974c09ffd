import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/use-test-app';

// What Fastify's router and Node's HTTP parser answer before any route: problem+json too, and
// never an echo of the path that was asked for.
describe('framework errors', () => {
  const test = useTestApp();

  function expectProblem(status: number, contentType: unknown, body: string, path?: string) {
    expect(String(contentType)).toContain('application/problem+json');
    const parsed = JSON.parse(body);
    expect(parsed).toMatchObject({ status, type: expect.any(String), title: expect.any(String) });
    expect(parsed.code).toMatch(/^[a-z_]+$/);
    expect(parsed.message).toEqual(expect.any(String));
    if (path) expect(body).not.toContain(path);
    if (status === 400)
      expect(parsed.errors).toEqual([expect.objectContaining({ field: expect.any(String) })]);
  }

  it('answers a malformed URL encoding with a problem', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/%zz' });
    expect(response.statusCode).toBe(400);
    expectProblem(400, response.headers['content-type'], response.body, '%zz');
  });

  it('answers an unknown route without repeating its path', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/secret-probe-path' });
    expect(response.statusCode).toBe(404);
    expectProblem(404, response.headers['content-type'], response.body, 'secret-probe-path');
  });

  it('answers an over-long path parameter and an over-long URL with 414', async () => {
    const param = await test.app.inject({ method: 'GET', url: `/api/client/tickets/${'a'.repeat(300)}` });
    expect(param.statusCode).toBe(414);
    expectProblem(414, param.headers['content-type'], param.body, 'aaaa');
    const url = await test.app.inject({ method: 'GET', url: `/api/health?x=${'b'.repeat(9000)}` });
    expect(url.statusCode).toBe(414);
    expectProblem(414, url.headers['content-type'], url.body, 'bbbb');
  });

  it('answers headers over Node’s limit with a 431 problem from the listening server', async () => {
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = test.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; type: string | undefined; body: string }>(
      (resolve, reject) => {
        const request = httpRequest(
          { host: '127.0.0.1', port, path: '/api/health', headers: { 'x-padding': 'p'.repeat(20_000) } },
          (response) => {
            let body = '';
            response.on('data', (chunk) => {
              body += chunk;
            });
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'], body }),
            );
          },
        );
        request.on('error', reject);
        request.end();
      },
    );
    expect(answer.status).toBe(431);
    expectProblem(431, answer.type, answer.body, 'pppp');
  });
});
