import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSizes, MAX_COMPONENT_LINES, MAX_FILE_LINES } from './check-sizes.mjs';

const lines = (count: number, text = 'export const x = 1;') => `${Array(count).fill(text).join('\n')}\n`;

/** A component of exactly `count` lines, written as a function declaration or an arrow. */
function component(name: string, count: number, arrow = false) {
  const spans = (n: number) => Array(n).fill('      <span />').join('\n');
  return arrow
    ? `export const ${name} = () => (\n  <>\n${spans(count - 4)}\n  </>\n);\n`
    : `export function ${name}() {\n  return (\n    <>\n${spans(count - 6)}\n    </>\n  );\n}\n`;
}

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'check-sizes-'));
  const files: Record<string, string> = {
    'apps/api/src/at-limit.ts': lines(MAX_FILE_LINES),
    'apps/api/src/over-limit.ts': lines(MAX_FILE_LINES + 1),
    'apps/api/migrations/0001_big.sql': lines(900, 'SELECT 1;'),
    'apps/api/migrations/0002_big.ts': lines(900),
    'apps/web/src/fits.tsx': component('Fits', MAX_COMPONENT_LINES),
    'apps/web/src/too-long.tsx': component('TooLong', MAX_COMPONENT_LINES + 1),
    'apps/web/src/arrow.tsx': component('LongArrow', MAX_COMPONENT_LINES + 5, true),
    'apps/web/src/helper.tsx': `export function lowerCase() {\n${lines(200, '  void 0;')}  return <b />;\n}\n`,
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  execFileSync('git', ['init', '-q'], { cwd: root });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('check-sizes', () => {
  it('names every file over the line limit and every component over its limit, and nothing else', () => {
    const problems = checkSizes(root);
    expect(problems).toEqual([
      expect.stringMatching(/^apps\/api\/src\/over-limit\.ts: 301 lines/),
      expect.stringMatching(/^apps\/web\/src\/arrow\.tsx:1: component LongArrow is 155 lines/),
      expect.stringMatching(/^apps\/web\/src\/too-long\.tsx:1: component TooLong is 151 lines/),
    ]);
  });
});
