import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { expectProblem } from '../../testing/onboarding-helpers';
import { validateCamt053 } from '../bank-statements';
import { monthOf, runMonth } from '../fees';
import { readCamt053, readCsv, readMt940, readPdfText, readXlsx } from './testing/read-formats';

type Entry = { id: string; booked_at: string; amount: number; balance_after: number; description: string };
type Json = {
  account_id: string;
  currency: string;
  opening_balance: number;
  closing_balance: number;
  entries: Entry[];
};

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

// GET /api/client/statements (docs/requirements/statements.md) on the demo client's months of history.
describe('statements in every format', () => {
  const { test, sessions } = useDemoWorld({
    sessions: { alex: ['private@demo.test'], northwind: ['business@demo.test'] },
  });
  let eurAccountId = '';
  let json: Json;
  const from = day(-365);
  const to = day(0);
  const url = (format: string, accountId = eurAccountId, period = `from=${from}&to=${to}`) =>
    `/api/client/statements?account_id=${accountId}&${period}&format=${format}`;
  const download = async (format: string) => {
    const response = await test.app.inject({
      method: 'GET',
      url: url(format),
      headers: sessions.alex.headers,
    });
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="statement-EUR-/);
    return response;
  };

  beforeAll(async () => {
    const groups = await test.app.inject({
      method: 'GET',
      url: '/api/client/accounts',
      headers: sessions.alex.headers,
    });
    const accounts: { id: string; currency: { code: string } }[] = groups.json().data[0].accounts.data;
    eurAccountId = accounts.find((account) => account.currency.code === 'EUR')?.id ?? '';
    const response = await test.app.inject({
      method: 'GET',
      url: url('json'),
      headers: sessions.alex.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    json = response.json().data;
  });

  it('answers JSON whose entries add up from the opening to the closing balance', () => {
    expect(json).toMatchObject({ account_id: eurAccountId, currency: 'EUR' });
    expect(json.entries.length).toBeGreaterThan(5);
    let running = json.opening_balance;
    for (const entry of json.entries) {
      running += entry.amount;
      expect(entry.balance_after).toBe(running);
    }
    expect(running).toBe(json.closing_balance);
    expect(json.entries.some((entry) => entry.description.endsWith('fee'))).toBe(true);
  });

  it('writes CSV and XLSX with the same entries, balances and ids, and no cell a spreadsheet would run', async () => {
    const csvBody = (await download('csv')).body;
    expect(csvBody.split('\r\n')[0]).toContain('Type,Date,Booked at,Description');
    const csv = readCsv(csvBody);
    const xlsx = await readXlsx((await download('xlsx')).rawPayload);
    for (const read of [csv, xlsx]) {
      expect(read.opening).toBe(json.opening_balance);
      expect(read.closing).toBe(json.closing_balance);
      expect(read.amounts).toEqual(json.entries.map((entry) => entry.amount));
      expect(read.balances).toEqual(json.entries.map((entry) => entry.balance_after));
      expect(read.ids).toEqual(json.entries.map((entry) => entry.id));
    }
    expect(csvBody).not.toMatch(/(^|,)[=+@]/m);
  });

  it('writes a camt.053.001.08 the schema accepts, whose OPBD plus entries equal CLBD', async () => {
    const xml = (await download('camt053')).body;
    expect(await validateCamt053(xml)).toEqual({ valid: true });
    const camt = readCamt053(xml);
    expect(camt).toEqual({
      opening: json.opening_balance,
      closing: json.closing_balance,
      amounts: json.entries.map((entry) => entry.amount),
    });
    expect(camt.opening + camt.amounts.reduce((sum, amount) => sum + amount, 0)).toBe(camt.closing);
  });

  it('writes an MT940 a published parser reads back to the same entries', async () => {
    const text = (await download('mt940')).body;
    expect(text).toMatch(/^:20:.+\r\n:25:GB\d{2}[A-Z0-9]+\r\n:28C:/);
    const mt940 = readMt940(text);
    expect(mt940.opening).toBe(json.opening_balance);
    expect(mt940.closing).toBe(json.closing_balance);
    expect(mt940.amounts).toEqual(json.entries.map((entry) => entry.amount));
    mt940.details.forEach((details, index) => {
      expect(details.replace(/\n/g, '')).toContain(json.entries[index]?.id.replace(/[^A-Za-z0-9:.-]/g, '.'));
    });
  });

  it('writes a PDF with the opening and closing balances, the totals, every entry and page numbers', async () => {
    const response = await download('pdf');
    expect(response.headers['content-type']).toBe('application/pdf');
    const { text, pages } = await readPdfText(response.rawPayload);
    const money = (minor: number) =>
      `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
    expect(text).toContain(`Opening balance`);
    expect(text).toContain(`${money(json.opening_balance)} EUR`);
    expect(text).toContain(`${money(json.closing_balance)} EUR`);
    const credits = json.entries
      .filter((entry) => entry.amount > 0)
      .reduce((sum, entry) => sum + entry.amount, 0);
    const debits = json.entries
      .filter((entry) => entry.amount < 0)
      .reduce((sum, entry) => sum + entry.amount, 0);
    expect(text).toContain(money(credits));
    expect(text).toContain(money(debits));
    for (const entry of json.entries) expect(text).toContain(money(entry.balance_after));
    const first = json.entries[0]?.booked_at ?? '';
    expect(text).toContain(`${first.slice(8, 10)}-${first.slice(5, 7)}-${first.slice(0, 4)}`);
    expect(text).toContain(`Page ${pages}`);
    expect(text).toContain('Financial Conduct');
  });

  it('refuses a reversed period and an unknown format with 400, and another client gets 404', async () => {
    const reversed = await test.app.inject({
      method: 'GET',
      url: url('pdf', eurAccountId, `from=${to}&to=${from}`),
      headers: sessions.alex.headers,
    });
    expectProblem(reversed, 400, 'validation_failed');
    const unknown = await test.app.inject({
      method: 'GET',
      url: url('docx'),
      headers: sessions.alex.headers,
    });
    expectProblem(unknown, 400, 'validation_failed');
    for (const format of ['json', 'pdf', 'csv']) {
      const other = await test.app.inject({
        method: 'GET',
        url: url(format),
        headers: sessions.northwind.headers,
      });
      expectProblem(other, 404);
    }
  });

  it('lists the monthly statements the month-end run kept, balances joining month to month', async () => {
    // The demo's accounts were opened when it was seeded: this month is the first they were held in.
    const lastMonth = monthOf(new Date());
    await runMonth(test.db, lastMonth, new Date());
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/client/statements/monthly',
      headers: sessions.alex.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const list: { account_id: string; month: string; from: string; to: string; closing_balance: number }[] =
      response.json().data;
    const eur = list.find((item) => item.account_id === eurAccountId && item.month === lastMonth);
    expect(eur?.from).toBe(`${lastMonth}-01`);
    const file = await test.app.inject({
      method: 'GET',
      url: url('json', eurAccountId, `from=${eur?.from}&to=${eur?.to}`),
      headers: sessions.alex.headers,
    });
    // The run charged this month's fees after keeping the statement: they are lines of their own.
    const month: Json = file.json().data;
    const fees = month.entries.filter((entry) => /^(Monthly account|Holding) fee$/.test(entry.description));
    expect(fees.length).toBeGreaterThan(0);
    const feeTotal = fees.reduce((sum, entry) => sum + entry.amount, 0);
    expect(month.closing_balance - feeTotal).toBe(eur?.closing_balance);
    const theirs = await test.app.inject({
      method: 'GET',
      url: '/api/client/statements/monthly',
      headers: sessions.northwind.headers,
    });
    expect(theirs.json().data.some((item: { account_id: string }) => item.account_id === eurAccountId)).toBe(
      false,
    );
  });
});
