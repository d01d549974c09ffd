import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { validateCamt053 } from '../bank-statements';
import {
  readCamt053Statements,
  readCsvSections,
  readMt940Messages,
  readPdfText,
  readXlsxSheets,
} from './testing/read-formats';

type Entry = { id: string; amount: number; balance_after: number };
type Section = {
  account_id: string;
  currency: string;
  opening_balance: number;
  closing_balance: number;
  entries: Entry[];
};

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);

// GET /api/client/statements without account_id (docs/requirements/statements.md): one document
// with a section per account of the client, in every format, each section reconciling on its own.
describe('a statement of all the client’s accounts', () => {
  const { test, sessions } = useDemoWorld({
    sessions: {
      alex: ['private@demo.test'],
      northwind: ['business@demo.test'],
      support: ['support@demo.test', true],
    },
  });
  const period = `from=${day(-365)}&to=${day(0)}`;
  let sections: Section[] = [];
  const get = (format: string, session: 'alex' | 'northwind' = 'alex') =>
    test.app.inject({
      method: 'GET',
      url: `/api/client/statements?${period}&format=${format}`,
      headers: sessions[session].headers,
    });
  const download = async (format: string) => {
    const response = await get(format);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="statement-all-accounts-/);
    return response;
  };
  /** What every format must carry per account: the JSON's balances and amounts, in its order. */
  const expected = () =>
    sections.map((section) => ({
      opening: section.opening_balance,
      closing: section.closing_balance,
      amounts: section.entries.map((entry) => entry.amount),
    }));

  beforeAll(async () => {
    const response = await get('json');
    expect(response.statusCode, response.body).toBe(200);
    sections = response.json().data.accounts;
  });

  it('answers JSON with a section per account, each adding up to its closing balance', async () => {
    const groups = await test.app.inject({
      method: 'GET',
      url: '/api/client/accounts',
      headers: sessions.alex.headers,
    });
    const ids = groups
      .json()
      .data.flatMap((group: { accounts: { data: { id: string }[] } }) =>
        group.accounts.data.map((account) => account.id),
      );
    expect(sections.map((section) => section.account_id).sort()).toEqual([...ids].sort());
    expect(sections.filter((section) => section.entries.length > 0).length).toBeGreaterThan(1);
    for (const section of sections) {
      expect(sum(section.entries.map((entry) => entry.amount))).toBe(
        section.closing_balance - section.opening_balance,
      );
      const one = await test.app.inject({
        method: 'GET',
        url: `/api/client/statements?account_id=${section.account_id}&${period}`,
        headers: sessions.alex.headers,
      });
      expect(one.json().data).toEqual(section);
    }
  });

  it('writes CSV and XLSX sections with the same accounts, balances and entries', async () => {
    const csv = readCsvSections((await download('csv')).body);
    expect(csv.map((section) => section.accountId)).toEqual(sections.map((section) => section.account_id));
    const xlsx = await readXlsxSheets((await download('xlsx')).rawPayload);
    expect(xlsx.map((sheet) => sheet.name)).toEqual(
      sections.map((section) => `Statement ${section.currency}`),
    );
    for (const read of [csv, xlsx]) {
      expect(read.map(({ opening, closing, amounts }) => ({ opening, closing, amounts }))).toEqual(
        expected(),
      );
      expect(read.map((section) => section.ids)).toEqual(
        sections.map((section) => section.entries.map((entry) => entry.id)),
      );
      for (const section of read) expect(section.opening + sum(section.amounts)).toBe(section.closing);
    }
  });

  it('writes one camt.053 message the schema accepts, one Stmt per account', async () => {
    const xml = (await download('camt053')).body;
    expect(await validateCamt053(xml)).toEqual({ valid: true });
    const statements = readCamt053Statements(xml);
    expect(statements.map((statement) => statement.currency)).toEqual(
      sections.map((section) => section.currency),
    );
    expect(statements.map(({ opening, closing, amounts }) => ({ opening, closing, amounts }))).toEqual(
      expected(),
    );
    for (const statement of statements)
      expect(statement.opening + sum(statement.amounts)).toBe(statement.closing);
  });

  it('writes one MT940 message per account, which the published parser reads back', async () => {
    const messages = readMt940Messages((await download('mt940')).body);
    expect(messages.map((message) => message.currency)).toEqual(sections.map((section) => section.currency));
    expect(messages.map(({ opening, closing, amounts }) => ({ opening, closing, amounts }))).toEqual(
      expected(),
    );
  });

  it('writes a PDF with each account’s section, balances and totals, the page numbers running on', async () => {
    const response = await download('pdf');
    const { text, pages } = await readPdfText(response.rawPayload);
    const money = (minor: number) =>
      `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
    sections.forEach((section, index) => {
      expect(text).toContain(`Statement ${section.currency} (account ${index + 1} of ${sections.length})`);
      expect(text).toContain(`${money(section.opening_balance)} ${section.currency}`);
      expect(text).toContain(`${money(section.closing_balance)} ${section.currency}`);
      const credits = sum(section.entries.map((entry) => Math.max(entry.amount, 0)));
      expect(text).toContain(money(credits));
      for (const entry of section.entries) expect(text).toContain(money(entry.balance_after));
    });
    expect(pages).toBeGreaterThanOrEqual(sections.length);
    for (let page = 1; page <= pages; page++) expect(text).toContain(`Page ${page}`);
  });

  it('gives another client only its own accounts', async () => {
    const theirs = await get('json', 'northwind');
    expect(theirs.statusCode).toBe(200);
    const theirIds: string[] = theirs.json().data.accounts.map((section: Section) => section.account_id);
    expect(theirIds.length).toBeGreaterThan(0);
    for (const section of sections) expect(theirIds).not.toContain(section.account_id);
    const csv = (await get('csv', 'northwind')).body;
    for (const section of sections) expect(csv).not.toContain(section.account_id);
  });

  it('gives support the same all-accounts statement the client gets', async () => {
    const [client] = await test.db.query<{ id: string }>(
      `SELECT id FROM clients WHERE email = 'private@demo.test'`,
    );
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/backoffice/clients/${client?.id}/statements?${period}`,
      headers: sessions.support.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.accounts).toEqual(sections);
  });
});
