import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { createTestDatabase } from '../testing/test-database';

// The back office is a second entry of the built web app, served by the API like the first.
describe('back-office web entry', () => {
  let app: FastifyInstance;
  let distDir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'bluepeak-dist-'));
    await writeFile(join(distDir, 'index.html'), '<!doctype html><title>client</title>');
    await writeFile(join(distDir, 'backoffice.html'), '<!doctype html><title>back office</title>');
    const test = await createTestDatabase();
    cleanup = test.cleanup;
    app = await buildApp({ config: testConfig(), db: test.db, webDistDir: distDir });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
    await rm(distDir, { recursive: true, force: true });
  });

  it('serves backoffice.html, never cached, with the strict security headers', async () => {
    const page = await app.inject({ method: 'GET', url: '/backoffice.html' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('back office');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const short = await app.inject({ method: 'GET', url: '/backoffice' });
    expect(short.statusCode).toBe(302);
    expect(short.headers.location).toBe('/backoffice.html');
  });
});
