// The one-way import rules of docs/architecture.md, checked on every `npm run lint`:
//  - packages/core imports no app, no React, no Fastify, no Node I/O;
//  - the API's ledger and db layers never import Fastify or the HTTP layer;
//  - the web app's features never import each other or the app shell;
//    components and lib never import features or the app shell;
//  - the same inside the back office (apps/web/src/backoffice), which imports no client
//    feature or client shell, and which no client code imports;
//  - the web app and the API never import each other.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* sourceFiles(directory) {
  for (const entry of readdirSync(directory)) {
    if (['node_modules', 'dist'].includes(entry)) continue;
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mts)$/.test(entry)) yield path;
  }
}

function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2]);
}

/** Returns the repository-relative path an import points at, or the bare package name. */
function target(file, specifier) {
  if (!specifier.startsWith('.')) return { pkg: specifier };
  return { path: relative(root, resolve(dirname(file), specifier)) };
}

/** The feature a file belongs to, named with its app: `features/x` or `backoffice/features/x`. */
const featureOf = (path) => /^apps\/web\/src\/((?:backoffice\/)?features\/[^/]+)/.exec(path)?.[1];
const BACKOFFICE_SHELL = /^apps\/web\/src\/backoffice\/(features|router|layout|app|main)/;

const rules = [
  {
    applies: (file) => file.startsWith('packages/core/'),
    forbids: ({ pkg, path }) =>
      (pkg &&
        /^(react|react-dom|fastify|@fastify\/|pg$|@electric-sql\/|node:|@bluepeak\/(api|web))/.test(pkg)) ||
      path?.startsWith('apps/'),
    why: 'packages/core is pure domain code: no I/O, no React, no Fastify, no apps',
  },
  {
    applies: (file) => /^apps\/api\/src\/(ledger|db)\//.test(file),
    forbids: ({ pkg, path }) =>
      (pkg && /^(fastify|@fastify\/|fastify-)/.test(pkg)) ||
      (path && /^apps\/api\/src\/(routes|plugins|app)/.test(path)),
    why: 'the ledger and the database layer never depend on the HTTP layer',
  },
  {
    applies: (file) => Boolean(featureOf(file)),
    forbids: ({ path }, file) =>
      path &&
      ((featureOf(path) && featureOf(path) !== featureOf(file)) || path.startsWith('apps/web/src/app/')),
    why: 'features never import other features or the app shell; they meet in routes',
  },
  {
    applies: (file) => /^apps\/web\/src\/(components|lib)\//.test(file),
    forbids: ({ path }) => path && /^apps\/web\/src\/(features|app)\//.test(path),
    why: 'components and lib sit below features and the app shell',
  },
  {
    applies: (file) => /^apps\/web\/src\/backoffice\/(components|lib)\//.test(file),
    forbids: ({ path }) => path && BACKOFFICE_SHELL.test(path),
    why: "the back office's components and lib sit below its features and its shell",
  },
  {
    applies: (file) => file.startsWith('apps/web/src/backoffice/'),
    forbids: ({ path }) => path && /^apps\/web\/src\/(features|app)\//.test(path),
    why: "the back office's bundle carries no client feature and no client shell",
  },
  {
    // The i18next type declaration names every namespace, the back office's too: types only.
    applies: (file) =>
      file.startsWith('apps/web/src/') &&
      !file.startsWith('apps/web/src/backoffice/') &&
      !file.endsWith('.d.ts'),
    forbids: ({ path }) => path?.startsWith('apps/web/src/backoffice/'),
    why: 'no client code imports the back office',
  },
  {
    applies: (file) => file.startsWith('apps/web/'),
    forbids: ({ pkg, path }) => pkg === '@bluepeak/api' || path?.startsWith('apps/api/'),
    why: 'the web app talks to the API over HTTP only',
  },
  {
    applies: (file) => file.startsWith('apps/api/'),
    forbids: ({ pkg, path }) => pkg === '@bluepeak/web' || path?.startsWith('apps/web/'),
    why: 'the API does not import the web app',
  },
];

const violations = [];
for (const directory of ['packages', 'apps']) {
  for (const absolute of sourceFiles(join(root, directory))) {
    const file = relative(root, absolute);
    for (const specifier of importsOf(absolute)) {
      const resolved = target(absolute, specifier);
      for (const rule of rules) {
        if (rule.applies(file) && rule.forbids(resolved, file)) {
          violations.push(`${file}: imports '${specifier}' — ${rule.why}`);
        }
      }
    }
  }
}

if (violations.length > 0) {
  console.error(`Import boundary violations (${violations.length}):\n${violations.join('\n')}`);
  process.exit(1);
}
console.log('Import boundaries: ok');
