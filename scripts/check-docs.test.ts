import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDocProblems } from './check-docs.mjs';

const DECISIONS_INDEX = [
  '| Number | Decision | Status |',
  '|---|---|---|',
  '| [0001](0001-stack.md) | The stack | accepted |',
  '| 0002 | (none) | number not used: never written |',
  '| [0003](0003-module-order.md) | Order | accepted |',
  ...Array.from({ length: 44 }, (_, i) => `| ${String(i + 4).padStart(4, '0')} | (none) | number not used |`),
  '| [0048](0048-module-order.md) | Order | accepted |',
  '',
].join('\n');

// A small tree whose docs keep up with its code.
const cleanTree: Record<string, string> = {
  'apps/api/src/modules/ledger/index.ts': `// The rules are in docs/ledger.md and docs/decisions/0001.\nexport const ledger = 1;\n`,
  'apps/api/src/modules/payments/index.ts': `export const pay = 'GET /api/docs/json';\n`,
  'docs/ledger.md': `# Ledger\n`,
  'docs/architecture.md': `# Architecture\n\n\`\`\`\n    ledger      balances\n    payments    payments out\n\`\`\`\nSee docs/ledger.md.\n`,
  'docs/decisions/0001-stack.md': `# 0001: The stack\n\nStatus: accepted, 2026-11-22\n`,
  'docs/decisions/0003-module-order.md': `# 0003: Order\n\nStatus: accepted, 2026-12-07\n\nModules: \`ledger\`, \`payments\`.\n`,
  'docs/decisions/0048-module-order.md': `# 0048: Order\n\nStatus: accepted, 2026-12-07\n\n\`ledger\` then \`payments\`.\n`,
  'docs/decisions/README.md': DECISIONS_INDEX,
};

// One way the docs fall behind each: file to create (or replace) -> text, and the problem expected.
const plants: { name: string; files: Record<string, string>; expected: [string, RegExp] }[] = [
  {
    name: 'a module the architecture page does not describe',
    files: {
      'apps/api/src/modules/escrow/index.ts': `export const escrow = 1;\n`,
      'docs/decisions/0048-module-order.md': `# 0048: Order\n\nStatus: accepted, 2026-12-07\n\n\`ledger\`, \`payments\`, \`escrow\`.\n`,
    },
    expected: ['docs/architecture.md', /does not describe module 'escrow'/],
  },
  {
    name: 'a module the order decision does not name',
    files: {
      'docs/architecture.md': `\`\`\`\n    ledger      balances\n    payments    payments\n    fees        fees\n\`\`\`\n`,
      'apps/api/src/modules/fees/index.ts': `export const fees = 1;\n`,
    },
    expected: ['docs/decisions/0048-module-order.md', /does not describe module 'fees'/],
  },
  {
    name: 'a cited doc that does not exist',
    files: {
      'apps/api/src/modules/ledger/rows.ts': `// As docs/requirements/fees.md says.\nexport const rows = 1;\n`,
    },
    expected: ['apps/api/src/modules/ledger/rows.ts', /cites 'docs\/requirements\/fees.md'/],
  },
  {
    name: 'a decision cited by a number that has no record',
    files: { 'docs/ledger.md': `# Ledger\n\nSee docs/decisions/0002.\n` },
    expected: ['docs/ledger.md', /cites 'docs\/decisions\/0002'/],
  },
  {
    name: 'a decision record without a Status line',
    files: { 'docs/decisions/0001-stack.md': `# 0001: The stack\n\nWe chose it.\n` },
    expected: ['docs/decisions/0001-stack.md', /no `Status:` line/],
  },
  {
    name: 'a decision record the index does not list',
    files: { 'docs/decisions/0002-money.md': `# 0002: Money\n\nStatus: accepted, 2026-11-22\n` },
    expected: ['docs/decisions/README.md', /does not list docs\/decisions\/0002-money.md/],
  },
  {
    name: 'a number missing without a reason',
    files: {
      'docs/decisions/README.md': DECISIONS_INDEX.replace(
        '| 0002 | (none) | number not used: never written |\n',
        '',
      ),
    },
    expected: ['docs/decisions/README.md', /no record 0002 and does not say why/],
  },
];

const checker = join(dirname(fileURLToPath(import.meta.url)), 'check-docs.mjs');
let scratch: string;
let clean: string;

function writeTree(root: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'docs-'));
  clean = join(scratch, 'clean');
  writeTree(clean, cleanTree);
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('check-docs', () => {
  it('passes the clean tree', () => {
    expect(findDocProblems(clean)).toEqual([]);
    expect(execFileSync('node', [checker, clean], { encoding: 'utf8' })).toContain('Docs: ok');
  });

  it.each(plants.map((plant, index) => ({ ...plant, index })))(
    'refuses $name',
    ({ files, expected, index }) => {
      const planted = join(scratch, `plant-${index}`);
      cpSync(clean, planted, { recursive: true });
      writeTree(planted, files);
      const problems = findDocProblems(planted);
      expect(problems).toHaveLength(1);
      expect(problems[0]?.file).toBe(expected[0]);
      expect(problems[0]?.message).toMatch(expected[1]);
    },
  );

  it('exits 1 and names the file from the command line', () => {
    const planted = join(scratch, 'command-line');
    cpSync(clean, planted, { recursive: true });
    writeTree(planted, { 'docs/decisions/0001-stack.md': `# 0001: The stack\n` });
    let stderr = '';
    let status = 0;
    try {
      execFileSync('node', [checker, planted], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      ({ stderr, status } = error as { stderr: string; status: number });
    }
    expect(status).toBe(1);
    expect(stderr).toContain('docs/decisions/0001-stack.md:1: has no `Status:` line');
  });
});
