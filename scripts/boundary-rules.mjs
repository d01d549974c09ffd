// The one-way dependency rules of docs/architecture.md and docs/decisions/0018-modules-and-boundaries.md,
// as data: each rule says which files it governs and which imports (or which text) it refuses, in
// repository paths ('apps/api/src/...', extension included when the file exists). An import is
// { specifier, pkg, path, typeOnly }: `pkg` is the package name of a bare import ('fastify',
// '@fastify/cookie', 'node:fs'), `path` the resolved file of a relative one.

const API = 'apps/api/src/';
const MODULES = `${API}modules/`;
const WEB = 'apps/web/src/';
const BACKOFFICE = `${WEB}backoffice/`;

/** The pure packages core may use, decided by hand so a new dependency is a decision, not a default. */
const CORE_PACKAGES = ['zod', 'ibantools', 'libphonenumber-js'];
const CORE_TEST_PACKAGES = ['vitest', 'fast-check'];

const LEDGER_TABLES = /\bledger_(?:accounts|balances|transfers|entries)\b/;
/** A string that starts like an SQL statement (upper case, as every query here is written). */
const SQL_STATEMENT = /^\s*(?:SELECT|INSERT|UPDATE|DELETE|WITH)\b/;

const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file);
// apps/api/src/fuzz is the fuzz test's own code: nothing in the product imports it.
const isTestCode = (file) => isTest(file) || /(^|\/)(testing|fuzz)\//.test(file);
const stem = (path) => path.replace(/^.*\//, '').replace(/(\.d)?\.[cm]?[jt]sx?$/, '');
/** HTTP files of a module: its route plugins and the request guards they share. */
const isRoutes = (path) => /-(routes|guard)$/.test(stem(path));
const moduleOf = (path) => path.startsWith(MODULES) && path.slice(MODULES.length).split('/')[0];
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

export const rules = [
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
    id: 'ledger-db-no-http',
    why: 'the ledger and the database layer never depend on Fastify or the HTTP layer',
    applies: (file) => file.startsWith(`${API}db/`) || file.startsWith(`${MODULES}ledger/`),
    refuses: ({ pkg, path }) =>
      isFastify(pkg) || (path !== undefined && (isRoutes(path) || isHttpPlatform(path))),
  },
  {
    id: 'platform-below-modules',
    why: 'db/ and lib/ are platform: they hold no domain rules, so they never import a module',
    applies: (file) => /^apps\/api\/src\/(db|lib)\//.test(file) && !isTestCode(file),
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
