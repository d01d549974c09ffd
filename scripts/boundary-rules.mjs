// The one-way dependency rules of docs/architecture.md and docs/decisions/0048-module-order.md,
// as data: each rule says which files it governs and which imports (or which text) it refuses, in
// repository paths ('apps/api/src/...', extension included when the file exists). An import is
// { specifier, pkg, path, typeOnly, deep }: `pkg` is the package name of a bare import ('fastify',
// '@fastify/cookie', 'node:fs'), `path` the resolved file of a relative import or of a workspace
// package's file, `deep` true when a workspace package is entered by a path it does not export.
// A rule refuses an import (`refuses`), a piece of literal text (`names`: a pattern, or a function
// of the text and the file that returns what it found), or both.

import { MODULE_ORDER, ownerOf } from './module-order.mjs';

const API = 'apps/api/src/';
const MODULES = `${API}modules/`;
const WEB = 'apps/web/src/';
const BACKOFFICE = `${WEB}backoffice/`;

/** The pure packages core may use, decided by hand so a new dependency is a decision, not a default. */
const CORE_PACKAGES = ['zod', 'ibantools', 'libphonenumber-js'];
const CORE_TEST_PACKAGES = ['vitest', 'fast-check'];

const LEDGER_TABLES = /\bledger_(?:accounts|balances|transfers|entries)\b/;
const NAME = '[a-z_][a-z0-9_]*';
/**
 * Text that is an SQL statement, in either case, told from prose by its shape: "Select an account
 * from the list" is a sentence, "select id from payments where ..." is a query.
 */
const SQL_STATEMENT = new RegExp(
  [
    `^\\s*select\\s[^]*?\\bfrom\\s+${NAME}\\s*(?:$|[,;)(]|\\b(?:where|join|inner|left|right|cross|order|group|limit|for|as|on|union|returning)\\b|${NAME}\\s+(?:where|join|inner|left|on|order|group|limit)\\b)`,
    `^\\s*select\\s+(?:\\*|count\\s*\\(|1\\b|exists\\s*\\(|${NAME}\\s*\\()`,
    `^\\s*insert\\s+into\\s+${NAME}`,
    `^\\s*update\\s+(?:only\\s+)?${NAME}\\s+(?:(?:as\\s+)?${NAME}\\s+)?set\\s`,
    `^\\s*delete\\s+from\\s+(?:only\\s+)?${NAME}\\s*(?:$|;|\\b(?:where|using|returning)\\b|${NAME}\\s+(?:where|using|returning)\\b)`,
    `^\\s*with\\s+(?:recursive\\s+)?${NAME}\\s*(?:\\([^)]*\\)\\s*)?as\\s*(?:(?:not\\s+)?materialized\\s*)?\\(`,
    `^\\s*lock\\s+(?:table\\s+)?(?:only\\s+)?${NAME}\\s*(?:$|[,;]|\\bin\\b|\\bnowait\\b)`,
    `^\\s*truncate\\s+(?:table\\s+)?(?:only\\s+)?${NAME}\\s*(?:$|[,;]|\\b(?:restart|continue|cascade|restrict)\\b)`,
    `^\\s*merge\\s+into\\s+${NAME}`,
    `^\\s*copy\\s+${NAME}\\s*(?:\\([^)]*\\)\\s*)?(?:from|to)\\s`,
    `^\\s*(?:begin|commit|rollback)\\s*(?:;|$)`,
  ].join('|'),
  'i',
);
/** Statements that write a table, wherever they stand in a query (a CTE, after a SELECT). */
const TABLE_WRITES = [
  new RegExp(`\\binsert\\s+into\\s+(${NAME})`, 'gi'),
  new RegExp(`\\bupdate\\s+(?:only\\s+)?(${NAME})\\s+(?:(?:as\\s+)?${NAME}\\s+)?set\\s`, 'gi'),
  new RegExp(`\\bdelete\\s+from\\s+(?:only\\s+)?(${NAME})`, 'gi'),
  new RegExp(`\\bmerge\\s+into\\s+(?:only\\s+)?(${NAME})`, 'gi'),
  new RegExp(`\\btruncate\\s+(?:table\\s+)?(?:only\\s+)?(${NAME})`, 'gi'),
  new RegExp(`\\block\\s+table\\s+(?:only\\s+)?(${NAME})`, 'gi'),
  new RegExp(`^\\s*copy\\s+(${NAME})`, 'gi'),
];
/** The first write in `text` to a table that `writer` does not own, described for the report. */
function foreignWrite(text, writer) {
  for (const pattern of TABLE_WRITES) {
    for (const match of text.matchAll(pattern)) {
      const table = match[1].toLowerCase();
      // A name no migration creates is prose ("delete from a list"); every real table has an owner.
      const owner = ownerOf(table);
      if (owner !== undefined && owner !== writer)
        return `writes ${table}, owned by ${owner}: '${match[0].trim().replace(/\s+/g, ' ')}'`;
    }
  }
  return undefined;
}

const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file);
// apps/api/src/fuzz is the fuzz test's own code: nothing in the product imports it.
const isTestCode = (file) => isTest(file) || /(^|\/)(testing|fuzz)\//.test(file);
const stem = (path) => path.replace(/^.*\//, '').replace(/(\.d)?\.[cm]?[jt]sx?$/, '');
/** HTTP files of a module: its route plugins and the request guards they share. */
const isRoutes = (path) => /-(routes|guard)$/.test(stem(path));
/** A module's SQL file: `payment-rows.ts`, or the ledger's own `rows.ts`. */
const isRows = (path) => /(^|-)rows$/.test(stem(path));
const moduleOf = (path) => path.startsWith(MODULES) && path.slice(MODULES.length).split('/')[0];
const rankOf = (module) => MODULE_ORDER.indexOf(module);
/** Who writes from a file: its module, or the platform folder (lib, db) it stands in. */
const writerOf = (file) => moduleOf(file) || /^apps\/api\/src\/(lib|db)\//.exec(file)?.[1] || 'none';
const isModuleIndex = (path) => /^apps\/api\/src\/modules\/[^/]+(\/index(\.[cm]?[jt]sx?)?)?$/.test(path);
const isFastify = (pkg) => pkg !== undefined && /^(fastify|fastify-.+|@fastify\/.+)$/.test(pkg);
/** The HTTP layer outside the modules: the plugins and the composition root (app, server, jobs). */
const isHttpPlatform = (path) => /^apps\/api\/src\/(plugins\/|app\.|server\.|jobs\.)/.test(path);

/** The two web apps share one shape: app/ (the shell), features/<f>, components/ and lib/. */
const webApps = [
  { name: 'client', base: WEB, owns: (path) => path.startsWith(WEB) && !path.startsWith(BACKOFFICE) },
  { name: 'back office', base: BACKOFFICE, owns: (path) => path.startsWith(BACKOFFICE) },
];
const webAppOf = (path) => webApps.find((app) => app.owns(path));
const featureOf = (path) => {
  const app = webAppOf(path);
  const feature = app && new RegExp(`^${app.base}features/([^/]+)/`).exec(path)?.[1];
  return feature && `${app.name}:${feature}`;
};
/** The shell: app/ and the entry files beside it (main.tsx; the back office's router.tsx, layout.tsx). */
const inShell = (path) =>
  webApps.some((app) => app.owns(path) && /^(app\/|[^/]+$)/.test(path.slice(app.base.length)));
const inShared = (path) =>
  webApps.some((app) => app.owns(path) && /^(components|lib)\//.test(path.slice(app.base.length)));
const sameWebApp = (a, b) => webAppOf(a) !== undefined && webAppOf(a) === webAppOf(b);

/** Product code of the API: what the order, cycle and table rules govern. */
const isApiProduct = (file) => file.startsWith(API) && !isTestCode(file);
/** Product code everywhere: the API, the web apps and core, without tests and their fixtures. */
const isProduct = (file) =>
  /^(apps\/api\/src|apps\/web\/src|packages\/core\/src)\//.test(file) && !isTestCode(file);

export const rules = [
  {
    id: 'module-order',
    why: 'an API module imports only modules declared before it in MODULE_FLOORS; a lower one tells a higher one through a hook',
    applies: (file) => Boolean(moduleOf(file)) && !isTestCode(file),
    refuses: ({ path }, file) => {
      const target = path && moduleOf(path);
      if (!target || target === moduleOf(file)) return false;
      return rankOf(target) < 0 || rankOf(moduleOf(file)) < 0 || rankOf(target) > rankOf(moduleOf(file));
    },
  },
  {
    id: 'module-declared',
    why: 'every folder of apps/api/src/modules has its place in MODULE_FLOORS (scripts/module-order.mjs)',
    applies: (file) => isModuleIndex(file) && !MODULE_ORDER.includes(moduleOf(file)),
    file: (file) => `is the door of module '${moduleOf(file)}', which has no declared place`,
  },
  {
    id: 'no-import-cycles',
    why: 'product files never import each other in a circle: reported at the last file of the circle, by path',
    applies: isProduct,
    tree: 'cycles',
  },
  {
    id: 'table-owner',
    why: "only a table's owning module (TABLE_OWNERS) writes it; others call the owner's functions or its SQL fragments",
    applies: isApiProduct,
    names: (text, file) => foreignWrite(text, writerOf(file)),
  },
  {
    id: 'table-owner-declared',
    why: 'every table a migration creates has one owning module in TABLE_OWNERS',
    applies: (file) => /^apps\/api\/migrations\/[^/]+\.sql$/.test(file),
    sql: (text) => {
      const created = [
        ...text.matchAll(new RegExp(`\\bcreate\\s+table\\s+(?:if\\s+not\\s+exists\\s+)?(${NAME})`, 'gi')),
      ];
      const orphan = created.find((match) => ownerOf(match[1].toLowerCase()) === undefined);
      return orphan && { index: orphan.index, what: `creates table '${orphan[1]}' with no owner` };
    },
  },
  {
    id: 'package-exports',
    why: 'a workspace package is entered only through what its package.json exports (the API exports nothing)',
    applies: () => true,
    refuses: ({ deep }) => deep === true,
  },
  {
    id: 'http-platform-no-sql',
    why: 'plugins/ and the composition root (app, server, jobs) hold no SQL: they call modules',
    applies: (file) => isHttpPlatform(file) && !isTestCode(file),
    names: SQL_STATEMENT,
  },
  {
    id: 'module-index',
    why: 'outside an API module, its index.ts is its only door (tests may also use its testing/ fixtures)',
    applies: () => true,
    refuses: ({ path }, file) => {
      const target = path && moduleOf(path);
      if (!target || moduleOf(file) === target || isModuleIndex(path)) return false;
      return !(isTestCode(file) && path.startsWith(`${MODULES}${target}/testing/`));
    },
  },
  {
    id: 'ledger-tables',
    why: 'only the ledger module reads or writes the ledger tables; others call its index.ts',
    applies: (file) =>
      !file.startsWith(`${MODULES}ledger/`) &&
      !file.startsWith('apps/api/migrations/') &&
      !/^(bench|e2e)\//.test(file) &&
      !isTestCode(file),
    names: LEDGER_TABLES,
  },
  {
    id: 'services-no-http',
    why: 'only *-routes.ts and *-guard.ts files speak HTTP: services never import Fastify, the plugins or routes',
    applies: (file) => file.startsWith(MODULES) && !isRoutes(file) && !isTestCode(file),
    refuses: ({ pkg, path }, file) =>
      isFastify(pkg) ||
      (path !== undefined && (isRoutes(path) ? !isModuleIndex(file) : isHttpPlatform(path))),
  },
  {
    id: 'routes-no-sql',
    why: 'routes validate, call a service and shape the answer; SQL lives in services and *-rows.ts',
    applies: (file) => file.startsWith(MODULES) && isRoutes(file) && !isTestCode(file),
    names: SQL_STATEMENT,
  },
  {
    id: 'sql-in-rows',
    why: "a module's SQL lives in its *-rows.ts files: a service calls the named queries and fragments they export",
    applies: (file) => file.startsWith(MODULES) && !isRows(file) && !isRoutes(file) && !isTestCode(file),
    names: SQL_STATEMENT,
  },
  {
    id: 'ledger-db-no-http',
    why: 'the ledger and the database layer never depend on Fastify or the HTTP layer',
    applies: (file) => file.startsWith(`${API}db/`) || file.startsWith(`${MODULES}ledger/`),
    refuses: ({ pkg, path }) =>
      isFastify(pkg) || (path !== undefined && (isRoutes(path) || isHttpPlatform(path))),
  },
  {
    id: 'platform-below-modules',
    why: 'db/, lib/ and plugins/ are platform: they hold no domain rules, so they never import a module',
    applies: (file) => /^apps\/api\/src\/(db|lib|plugins)\//.test(file) && !isTestCode(file),
    refuses: ({ path }) => path?.startsWith(MODULES) === true,
  },
  {
    id: 'core-pure',
    why: `packages/core is pure: its own files and ${CORE_PACKAGES.join(', ')} only (tests: also ${CORE_TEST_PACKAGES.join(', ')})`,
    applies: (file) => file.startsWith('packages/core/'),
    refuses: ({ pkg, path }, file) =>
      pkg !== undefined
        ? !CORE_PACKAGES.includes(pkg) && !(isTest(file) && CORE_TEST_PACKAGES.includes(pkg))
        : path !== undefined && !path.startsWith('packages/core/'),
  },
  {
    id: 'client-no-backoffice',
    why: 'the client app never imports the back office (lib/i18n.d.ts may type its translations)',
    applies: (file) => webAppOf(file)?.name === 'client',
    refuses: ({ path, typeOnly }) =>
      path?.startsWith(BACKOFFICE) === true && !(typeOnly && path.startsWith(`${BACKOFFICE}locales/`)),
  },
  {
    id: 'backoffice-no-client',
    why: "the back office imports only the client app's shared components/ and lib/",
    applies: (file) => webAppOf(file)?.name === 'back office',
    refuses: ({ path }) => webAppOf(path ?? '')?.name === 'client' && !inShared(path),
  },
  {
    id: 'features-apart',
    why: 'a web feature never imports another feature; they meet in the app shell',
    applies: (file) => Boolean(featureOf(file)),
    refuses: ({ path }, file) =>
      path !== undefined &&
      Boolean(featureOf(path)) &&
      featureOf(path) !== featureOf(file) &&
      sameWebApp(path, file),
  },
  {
    id: 'features-below-shell',
    why: 'web features never import their app shell (app/ and the entry files beside it), which composes them',
    applies: (file) => Boolean(featureOf(file)),
    refuses: ({ path }, file) => path !== undefined && inShell(path) && sameWebApp(path, file),
  },
  {
    id: 'shared-below-features',
    why: 'web components/ and lib/ sit below features and the app shell',
    applies: (file) => inShared(file),
    refuses: ({ path }, file) =>
      path !== undefined && (Boolean(featureOf(path)) || inShell(path)) && sameWebApp(path, file),
  },
  {
    id: 'web-no-api',
    why: 'the web app talks to the API over HTTP only',
    applies: (file) => file.startsWith('apps/web/'),
    refuses: ({ pkg, path }) => pkg === '@bluepeak/api' || path?.startsWith('apps/api/') === true,
  },
  {
    id: 'api-no-web',
    why: 'the API never imports the web app',
    applies: (file) => file.startsWith('apps/api/'),
    refuses: ({ pkg, path }) => pkg === '@bluepeak/web' || path?.startsWith('apps/web/') === true,
  },
];
