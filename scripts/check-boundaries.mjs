// Checks the import boundaries of scripts/boundary-rules.mjs on every `npm run lint`.
// Usage: node scripts/check-boundaries.mjs [root]   (root defaults to this repository)
// Imports are read with the TypeScript parser, so every form counts: import and import type,
// side-effect imports, export ... from, dynamic import(), require(), import x = require(),
// and import('x') in type positions. Relative paths resolve to repository files.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { rules } from './boundary-rules.mjs';

const SCANNED = ['apps', 'packages', 'bench', 'e2e'];
const SKIPPED = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report']);
const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
/** How a bundler finds the file of an extensionless or `.js` specifier. */
const CANDIDATES = [
  '',
  '.ts',
  '.tsx',
  '.mts',
  '.d.ts',
  '.js',
  '.jsx',
  '.mjs',
  '/index.ts',
  '/index.tsx',
  '/index.js',
];

function* sourceFiles(root, directory) {
  const absolute = join(root, directory);
  if (!existsSync(absolute)) return;
  for (const entry of readdirSync(absolute)) {
    if (SKIPPED.has(entry)) continue;
    const path = posix.join(directory, entry);
    if (statSync(join(root, path)).isDirectory()) yield* sourceFiles(root, path);
    else if (SOURCE.test(entry)) yield path;
  }
}

const scriptKind = (file) =>
  /x$/.test(file) ? ts.ScriptKind.TSX : /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;

const literalText = (node) =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;

/** Every module specifier a file names, and every piece of literal text in its code (not comments). */
export function readSource(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const lineOf = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const imports = [];
  const texts = [];
  const add = (node, specifier, typeOnly) => {
    if (specifier !== undefined) imports.push({ specifier, typeOnly, line: lineOf(node) });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      add(node, literalText(node.moduleSpecifier), node.importClause?.isTypeOnly ?? false);
    } else if (ts.isExportDeclaration(node)) {
      add(node, literalText(node.moduleSpecifier), node.isTypeOnly);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, literalText(node.moduleReference.expression), node.isTypeOnly);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const loads =
        callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require');
      if (loads) add(node, literalText(node.arguments[0]), false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, literalText(node.argument.literal), true);
    } else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      texts.push({ text: node.text, line: lineOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { imports, texts };
}

/** The workspace's own packages (apps/*, packages/*): name -> { dir, exports, main }. */
function workspacePackages(root) {
  const packages = new Map();
  for (const parent of ['apps', 'packages']) {
    if (!existsSync(join(root, parent))) continue;
    for (const entry of readdirSync(join(root, parent))) {
      const manifest = join(root, parent, entry, 'package.json');
      if (!existsSync(manifest)) continue;
      const { name, exports, main } = JSON.parse(readFileSync(manifest, 'utf8'));
      if (name) packages.set(name, { dir: posix.join(parent, entry), exports, main });
    }
  }
  return packages;
}

/** The file a path names, tried as a bundler would (extensionless, `.js` for `.ts`, a folder's index). */
function resolveFile(root, base) {
  const written = [base, base.replace(/\.[cm]?js$/, '')];
  for (const stem of written) {
    for (const suffix of CANDIDATES) {
      const path = stem + suffix;
      const absolute = join(root, path);
      if (existsSync(absolute) && statSync(absolute).isFile()) return path;
    }
  }
  return base;
}

/** The package a bare specifier names: 'fastify', '@fastify/cookie', 'node:fs' (subpaths dropped). */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Where an import leads: `{ pkg }` for a package, `{ path }` for a repository file, and for a
 * workspace package both, with `deep` when the specifier names a path the package does not export.
 */
export function resolveImport(root, file, specifier, workspace = workspacePackages(root)) {
  const bare = specifier.split('?')[0];
  if (!bare.startsWith('.') && !bare.startsWith('/')) {
    const pkg = packageOf(bare);
    const own = workspace.get(pkg);
    if (!own) return { pkg };
    const subpath = `.${bare.slice(pkg.length)}`;
    const exported =
      typeof own.exports === 'object' ? own.exports[subpath] : subpath === '.' && (own.exports ?? own.main);
    if (typeof exported === 'string') return { pkg, path: resolveFile(root, posix.join(own.dir, exported)) };
    return { pkg, path: resolveFile(root, posix.join(own.dir, subpath)), deep: true };
  }
  const base = posix.normalize(bare.startsWith('/') ? bare.slice(1) : posix.join(posix.dirname(file), bare));
  return { path: resolveFile(root, base) };
}

/** Strongly connected groups of more than one file (or a file importing itself), by Tarjan. */
function circles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const { path: to } of graph.get(node) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    const selfImport = (graph.get(node) ?? []).some(({ path }) => path === node);
    if (group.length > 1 || selfImport) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const MIGRATIONS = 'apps/api/migrations';

/** What a `names` rule finds in one piece of text: a pattern's match, or a function's own words. */
function nameIn(rule, text, file) {
  if (typeof rule.names === 'function') return rule.names(text, file);
  const found = rule.names.exec(text)?.[0].trim();
  return found && `contains '${found}'`;
}

/** Every import and text in `root` that a rule refuses, as "file:line: what — rule: why". */
export function findViolations(root) {
  const violations = [];
  const workspace = workspacePackages(root);
  const report = (file, line, what, rule) =>
    violations.push({
      file,
      line,
      rule: rule.id,
      message: `${file}:${line}: ${what} — ${rule.id}: ${rule.why}`,
    });
  /** Per rule with a `tree` check: file -> its imports that resolve to a file. */
  const graphs = new Map(rules.filter((rule) => rule.tree).map((rule) => [rule, new Map()]));
  for (const file of SCANNED.flatMap((directory) => [...sourceFiles(root, directory)])) {
    const governing = rules.filter((rule) => rule.applies(file));
    if (governing.length === 0) continue;
    const { imports, texts } = readSource(file, readFileSync(join(root, file), 'utf8'));
    const resolved = imports.map((imported) => ({
      ...imported,
      ...resolveImport(root, file, imported.specifier, workspace),
    }));
    for (const rule of governing) {
      if (rule.file) report(file, 1, rule.file(file), rule);
      if (rule.refuses) {
        for (const target of resolved) {
          if (rule.refuses(target, file)) report(file, target.line, `imports '${target.specifier}'`, rule);
        }
      }
      if (rule.names) {
        for (const { text, line } of texts) {
          const named = nameIn(rule, text, file);
          if (named) report(file, line, named, rule);
        }
      }
      graphs.get(rule)?.set(
        file,
        resolved.filter((target) => target.path !== undefined),
      );
    }
  }
  for (const [rule, graph] of graphs) {
    for (const circle of circles(graph)) {
      // One report a circle, at its last file by path: the same place on every run.
      const file = circle[circle.length - 1];
      const back = graph.get(file).find((target) => circle.includes(target.path));
      const shown = circle.length > 6 ? [...circle.slice(0, 6), '...'] : circle;
      const what = `imports '${back.specifier}', which leads back to it (a circle of ${circle.length}: ${shown.join(', ')})`;
      report(file, back.line, what, rule);
    }
  }
  const sqlRules = rules.filter((rule) => rule.sql);
  if (existsSync(join(root, MIGRATIONS))) {
    for (const entry of readdirSync(join(root, MIGRATIONS)).sort()) {
      const file = posix.join(MIGRATIONS, entry);
      const text = readFileSync(join(root, file), 'utf8');
      for (const rule of sqlRules.filter((candidate) => candidate.applies(file))) {
        const found = rule.sql(text);
        if (found) report(file, text.slice(0, found.index).split('\n').length, found.what, rule);
      }
    }
  }
  return violations;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? dirname(dirname(fileURLToPath(import.meta.url))));
  const violations = findViolations(root);
  if (violations.length > 0) {
    console.error(`Import boundary violations (${violations.length}):`);
    for (const { message } of violations) console.error(message);
    process.exit(1);
  }
  console.log(`Import boundaries: ok (${relative(process.cwd(), root) || '.'})`);
}
