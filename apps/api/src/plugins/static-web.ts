import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// The built SPA is served from the same origin as the API. Vite names assets by content
// hash, so they can be cached for a year; the HTML entry must never be cached, or a deploy
// would leave browsers asking for assets that no longer exist.
export async function registerStaticWeb(app: FastifyInstance, distDir: string) {
  if (!existsSync(distDir)) {
    app.log.warn({ distDir }, 'web app not built: only the API is served');
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: ['index.html'],
    wildcard: true,
    cacheControl: false,
    setHeaders(reply, path) {
      const immutable = /[/\\]assets[/\\]/.test(path);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The operator back office is the second entry, `backoffice.html` (served like every file
  // above); `/backoffice` is the address people type.
  app.get('/backoffice', { schema: { hide: true } }, (_request, reply) => reply.redirect('/backoffice.html'));
}
