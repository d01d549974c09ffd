import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The API runs from source (tsx, vitest) and from a bundle (dist/server.js); files it ships
// beside its code (migrations) are found from the package root, which both can reach.
let cached: string | undefined;

export function apiPackageRoot(): string {
  if (cached) return cached;
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(directory, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@bluepeak/api') {
      cached = directory;
      return directory;
    }
    const parent = dirname(directory);
    if (parent === directory) throw new Error('Cannot find the @bluepeak/api package root');
    directory = parent;
  }
}

export function repositoryRoot(): string {
  return join(apiPackageRoot(), '..', '..');
}
