// Bundles the API into dist/server.js. Our own workspace code (@bluepeak/core, TypeScript
// source) is bundled in; third-party packages stay external and load from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {});

await build({
  entryPoints: ['src/server.ts'],
  // A test that starts real processes bundles its own copy elsewhere (supervisor.test.ts).
  outfile: process.env.API_BUNDLE_OUTFILE ?? 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'zod'],
  logLevel: 'warning',
});
