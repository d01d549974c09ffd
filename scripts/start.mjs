// `npm start`: build what is missing or older than its sources, then run the one production
// process (API + built web app). Migrations and the demo seed run inside the server at start.
// With WEB_CONCURRENCY above 1 that process is the supervisor of several (docs/operations.md).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function stale(output, sources) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  return sources.some((source) => newestMtime(join(root, source)) > built);
}

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const core = ['packages/core/src', 'packages/core/package.json'];
if (
  stale(join(root, 'apps/web/dist/index.html'), [
    ...core,
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
  ])
) {
  console.log('Building the web app…');
  run(['run', 'build', '-w', '@bluepeak/web']);
}
if (stale(join(root, 'apps/api/dist/server.js'), [...core, 'apps/api/src', 'apps/api/build.mjs'])) {
  console.log('Building the API…');
  run(['run', 'build', '-w', '@bluepeak/api']);
}

// The environment passes through untouched: NODE_ENV=production turns demo mode off unless
// DEMO_MODE=on asks for it (apps/api/src/config.ts). Signals go to the server so it can
// finish requests in flight and close the database cleanly.
// --heap-growing-percent=50: V8 runs its next full collection once the old generation reaches
// 1.5 times what the last one left alive (its default lets it grow to several times that). The
// API keeps about 60 MB alive; a long statement or a batch promotes much short-lived garbage
// into the old generation, and left to the default it stayed resident until a full collection
// (docs/benchmarks.md, "Statements" and "Batch payments"). No ceiling: a bigger live set still fits.
const server = spawn(
  process.execPath,
  ['--enable-source-maps', '--heap-growing-percent=50', 'apps/api/dist/server.js'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
