// Checks on every `npm run lint` that the docs keep up with the code:
// - every API module folder is described in docs/architecture.md and placed in the module-order
//   decision (docs/decisions/0048-module-order.md);
// - every `docs/...` file a source file or a doc cites exists (a decision may be cited by its
//   number alone, as in "docs/decisions/0018");
// - every decision record has a `Status:` line under its title, and the decisions index lists each
//   record and says why a number has none.
// Usage: node scripts/check-docs.mjs [root]   (root defaults to this repository)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const MODULES = 'apps/api/src/modules';
const ARCHITECTURE = 'docs/architecture.md';
const MODULE_ORDER_DECISION = 'docs/decisions/0048-module-order.md';
const DECISIONS = 'docs/decisions';
const CITING = ['apps', 'packages', 'scripts', 'bench', 'e2e', 'docs', 'README.md'];
const SKIPPED = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report']);
const TEXT = /\.(?:[cm]?[jt]sx?|md|sql|json|html|css)$/;
// A repository path, not a URL's path (`/api/docs/json`) or a word ending in "docs/".
const CITATION = /(?<![\w/.-])docs\/[A-Za-z0-9_./-]*[A-Za-z0-9_]/g;
/** This checker's own test, whose scratch trees cite docs that exist only there. */
const FIXTURES = new Set(['scripts/check-docs.test.ts']);
const DECISION_FILE = /^(\d{4})-[a-z0-9-]+\.md$/;

function* files(root, path) {
  const absolute = join(root, path);
  if (!existsSync(absolute)) return;
  if (!statSync(absolute).isDirectory()) {
    if (TEXT.test(path)) yield path;
    return;
  }
  for (const entry of readdirSync(absolute)) {
    if (!SKIPPED.has(entry)) yield* files(root, posix.join(path, entry));
  }
}

const lineOf = (text, index) => text.slice(0, index).split('\n').length;
const read = (root, path) => readFileSync(join(root, path), 'utf8');

/** Whether a cited `docs/...` path names a file or folder here (a bare decision number counts). */
function citationExists(root, cited, decisionNumbers) {
  const path = cited.replace(/\.+$/, '');
  if (existsSync(join(root, path))) return true;
  const decision = /^docs\/decisions\/(\d{4})$/.exec(path);
  return decision !== null && decisionNumbers.has(decision[1]);
}

/** Every way the docs have fallen behind, as { file, line, message }. */
export function findDocProblems(root) {
  const problems = [];
  const report = (file, line, message) => problems.push({ file, line, message });
  const decisionFiles = existsSync(join(root, DECISIONS))
    ? readdirSync(join(root, DECISIONS)).filter((name) => DECISION_FILE.test(name))
    : [];
  const decisionNumbers = new Set(decisionFiles.map((name) => name.slice(0, 4)));

  const modules = existsSync(join(root, MODULES))
    ? readdirSync(join(root, MODULES)).filter((name) => statSync(join(root, MODULES, name)).isDirectory())
    : [];
  for (const [doc, shape] of [
    [ARCHITECTURE, (name) => new RegExp(`^\\s+${name}\\s`, 'm')],
    [MODULE_ORDER_DECISION, (name) => new RegExp(`\`${name}\``)],
  ]) {
    if (modules.length === 0) continue;
    if (!existsSync(join(root, doc))) {
      report(doc, 1, `is missing: it must describe the API modules (${modules.join(', ')})`);
      continue;
    }
    const text = read(root, doc);
    for (const name of modules.filter((module) => !shape(module).test(text))) {
      report(doc, 1, `does not describe module '${name}' (${MODULES}/${name})`);
    }
  }

  for (const file of CITING.flatMap((path) => [...files(root, path)]).filter((path) => !FIXTURES.has(path))) {
    const text = read(root, file);
    for (const match of text.matchAll(CITATION)) {
      if (!citationExists(root, match[0], decisionNumbers)) {
        report(file, lineOf(text, match.index), `cites '${match[0]}', which does not exist`);
      }
    }
  }

  for (const name of decisionFiles) {
    const file = posix.join(DECISIONS, name);
    const head = read(root, file).split('\n').slice(0, 6);
    if (!head.some((line) => /^Status: \S/.test(line))) {
      report(file, 1, 'has no `Status:` line under its title');
    }
  }
  if (decisionFiles.length > 0) {
    const indexFile = posix.join(DECISIONS, 'README.md');
    const index = existsSync(join(root, indexFile)) ? read(root, indexFile) : '';
    const highest = Math.max(...[...decisionNumbers].map(Number));
    for (let number = 1; number <= highest; number += 1) {
      const padded = String(number).padStart(4, '0');
      const row = new RegExp(`^\\|\\s*\\[?${padded}\\b.*$`, 'm').exec(index)?.[0];
      const file = decisionFiles.find((name) => name.startsWith(`${padded}-`));
      if (file && !row?.includes(`(${file})`)) report(indexFile, 1, `does not list ${DECISIONS}/${file}`);
      if (!file && !/not used/.test(row ?? '')) {
        report(indexFile, 1, `has no record ${padded} and does not say why the number is not used`);
      }
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? dirname(dirname(fileURLToPath(import.meta.url))));
  const problems = findDocProblems(root);
  if (problems.length > 0) {
    console.error(`Docs behind the code (${problems.length}):`);
    for (const { file, line, message } of problems) console.error(`${file}:${line}: ${message}`);
    process.exit(1);
  }
  console.log(`Docs: ok (${relative(process.cwd(), root) || '.'})`);
}
