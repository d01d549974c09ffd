import type { FastifyInstance } from 'fastify';

// Every route the app serves, as "METHOD /path" with Fastify's own parameter syntax, read
// from `printRoutes` (the one listing Fastify gives of a built app). HEAD routes that Fastify
// adds for each GET are left out; they answer exactly as their GET does.
const LINE = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/;

export function listRoutes(app: FastifyInstance): string[] {
  const segments: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    segments.length = depth;
    segments.push(match[2] ?? '');
    const path = segments.join('');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return [...new Set(routes)].sort();
}
