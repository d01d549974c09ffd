import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isLineCode, LINE_CODES } from '@bluepeak/core/accounts';
import { owedFeeSchema } from '@bluepeak/core/onboarding';
import { describe, expect, it } from 'vitest';
import { EXPIRY_TRANSFER_CODE, rails } from '../ledger';

// Every code the ledger can be asked to write has a label in core's one list (LINE_LABELS), so no
// line of a screen or a statement file shows a code as it is written. The codes are read from the
// source of every module that builds transfers: a new code, or a code built in a way this test
// does not know, fails here until it has its label.

const SOURCE = join(import.meta.dirname, '..', '..');
const railCodes = rails.map((rail) => `${rail}_payment`);
const feeCodes = owedFeeSchema.shape.kind.options.map((kind) => `${kind}_fee`);
/** Codes built from a value: what each expression can be. */
const EXPANSIONS: Record<string, string[]> = {
  '`${payment.rail}_payment`': railCodes,
  '`${rail}_payment`': railCodes,
  'railCode(payment)': railCodes,
  '`${fee.kind}_fee`': feeCodes,
};

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The files outside the ledger that hand it transfers (the ledger passes their codes through). */
function transferBuilders(): string[] {
  return [...sourceFiles(join(SOURCE, 'modules')), ...sourceFiles(join(SOURCE, 'seed'))].filter(
    (path) =>
      !relative(SOURCE, path).startsWith(join('modules', 'ledger')) &&
      /TransferInput|createTransfersInTransaction|transferOrRefuse\(|kind: '(posted|pending)'/.test(
        readFileSync(path, 'utf8'),
      ),
  );
}

/** Each `code:` property's value expression, up to the comma that ends it. */
function codeExpressions(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(^|[\s{,])code:([\s\S]*?),\s*\n(\s*)(\w+)?/g)) {
    const line = text.slice(text.lastIndexOf('\n', match.index) + 1, text.indexOf('\n', match.index + 1));
    // A type, a ledger refusal passed on, or an error's wording: not a transfer's code.
    if (/^\s*(export\s+)?type\s|ok:\s*false/.test(line) || match[4] === 'message') continue;
    found.push((match[2] ?? '').trim());
  }
  return found;
}

/** The codes an expression can give: a literal, a known build, or each branch of a conditional. */
function codesOf(expression: string): string[] {
  const branches = expression.split(/\s[?:]\s/).filter((branch) => !/[!=]==/.test(branch));
  return branches.flatMap((raw) => {
    const branch = raw.trim();
    if (/^\w+\.code$/.test(branch)) return [];
    const literal = /^'([a-z_]+)'$/.exec(branch);
    if (literal?.[1]) return [literal[1]];
    const known = EXPANSIONS[branch];
    if (known) return known;
    throw new Error(`A transfer code built as ${branch}: add what it can be to EXPANSIONS`);
  });
}

describe('the codes of the ledger lines', () => {
  it('finds the codes of every module that moves money', () => {
    const codes = new Set(transferBuilders().flatMap((path) => codeExpressions(readFileSync(path, 'utf8'))));
    expect([...codes].flatMap(codesOf)).toEqual(
      expect.arrayContaining(['incoming_payment', 'sepa_payment', 'fx_exchange', 'escrow_release']),
    );
  });

  it('has a label for every code a transfer is written with', () => {
    const unlabelled = transferBuilders().flatMap((path) =>
      codeExpressions(readFileSync(path, 'utf8'))
        .flatMap(codesOf)
        .filter((code) => !isLineCode(code))
        .map((code) => `${relative(SOURCE, path)}: ${code}`),
    );
    expect(unlabelled).toEqual([]);
    expect(isLineCode(EXPIRY_TRANSFER_CODE)).toBe(true);
  });

  it('lists no code nothing writes', () => {
    const written = new Set([
      EXPIRY_TRANSFER_CODE,
      ...transferBuilders().flatMap((path) => codeExpressions(readFileSync(path, 'utf8')).flatMap(codesOf)),
    ]);
    expect(LINE_CODES.filter((code) => !written.has(code))).toEqual([]);
  });
});
