// Size limits that keep the code readable (docs/conventions.md): no source file over 300 lines,
// no React component over 150. A file that grows past them is split by what it does, not cut
// at line 300. Migrations are history and never change, so they are not counted.
// Usage: node scripts/check-sizes.mjs [root]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export const MAX_FILE_LINES = 300;
export const MAX_COMPONENT_LINES = 150;

const SOURCE = /\.(ts|tsx|mjs|js|css)$/;
const EXEMPT = [/^apps\/api\/migrations\//, /(^|\/)node_modules\//, /\.d\.ts$/];

function sourceFiles(root) {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((file) => SOURCE.test(file) && !EXEMPT.some((pattern) => pattern.test(file)));
}

const lineCount = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

function containsJsx(node) {
  let found = false;
  const visit = (child) => {
    if (found) return;
    if (ts.isJsxElement(child) || ts.isJsxSelfClosingElement(child) || ts.isJsxFragment(child)) {
      found = true;
      return;
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

// A component is a function whose name starts with a capital letter and that returns JSX:
// `function Name() {}`, `const Name = () => ...` or `const Name = memo(function ...)`.
function components(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found = [];
  const measure = (name, node) => {
    if (!/^[A-Z]/.test(name) || !containsJsx(node)) return;
    const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
    const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
    found.push({ name, line: start + 1, lines: end - start + 1 });
  };
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) && node.name) measure(node.name.text, node);
    else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      measure(node.name.text, node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function checkSizes(root) {
  const problems = [];
  for (const file of sourceFiles(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    const lines = lineCount(text);
    if (lines > MAX_FILE_LINES) problems.push(`${file}: ${lines} lines (at most ${MAX_FILE_LINES})`);
    if (!file.endsWith('.tsx')) continue;
    for (const component of components(file, text)) {
      if (component.lines > MAX_COMPONENT_LINES) {
        problems.push(
          `${file}:${component.line}: component ${component.name} is ${component.lines} lines (at most ${MAX_COMPONENT_LINES})`,
        );
      }
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = checkSizes(process.argv[2] ?? process.cwd());
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`Sizes: ${problems.length} over the limit`);
    process.exit(1);
  }
  console.log('Sizes: ok');
}
