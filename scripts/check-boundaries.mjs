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

/** The package a bare specifier names: 'fastify', '@fastify/cookie', 'node:fs' (subpaths dropped). */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

export function resolveImport(root, file, specifier) {
  const bare = specifier.split('?')[0];
  if (!bare.startsWith('.') && !bare.startsWith('/')) return { pkg: packageOf(bare) };
  const base = posix.normalize(bare.startsWith('/') ? bare.slice(1) : posix.join(posix.dirname(file), bare));
  const written = [base, base.replace(/\.[cm]?js$/, '')];
  for (const stem of written) {
    for (const suffix of CANDIDATES) {
      const path = stem + suffix;
      const absolute = join(root, path);
      if (existsSync(absolute) && statSync(absolute).isFile()) return { path };
    }
  }
  return { path: base };
}

/** Every import and text in `root` that a rule refuses, as "file:line: what — rule: why". */
export function findViolations(root) {
  const violations = [];
  for (const file of SCANNED.flatMap((directory) => [...sourceFiles(root, directory)])) {
    const governing = rules.filter((rule) => rule.applies(file));
    if (governing.length === 0) continue;
    const { imports, texts } = readSource(file, readFileSync(join(root, file), 'utf8'));
    const report = (line, what, rule) =>
      violations.push({
        file,
        line,
        rule: rule.id,
        message: `${file}:${line}: ${what} — ${rule.id}: ${rule.why}`,
      });
    for (const rule of governing.filter((candidate) => candidate.refuses)) {
      for (const imported of imports) {
        const target = { ...imported, ...resolveImport(root, file, imported.specifier) };
        if (rule.refuses(target, file)) report(imported.line, `imports '${imported.specifier}'`, rule);
      }
    }
    for (const rule of governing.filter((candidate) => candidate.names)) {
      for (const { text, line } of texts) {
        const named = rule.names.exec(text)?.[0].trim();
        if (named) report(line, `contains '${named}'`, rule);
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
