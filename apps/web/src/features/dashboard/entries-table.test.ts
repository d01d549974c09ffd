import { LINE_CODES, LINE_LABELS, lineLabel, OTHER_LINE_LABEL } from '@bluepeak/core/accounts';
import { MantineProvider } from '@mantine/core';
import { createInstance } from 'i18next';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import german from '../../locales/de-DE/dashboard.json';
import english from '../../locales/en-GB/dashboard.json';
import { EntriesTable, type EntryRow } from './entries-table';

// The web's labels of account lines are core's one list of codes (line-labels.ts), translated:
// the same codes, the English exactly as the statement files print it, none shown raw.

const EVERY_CODE = [...LINE_CODES, 'other'].sort();

async function render(language: 'en-GB' | 'de-DE', rows: EntryRow[]): Promise<string> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    ns: ['dashboard', 'common'],
    resources: { [language]: { dashboard: language === 'en-GB' ? english : german, common: {} } },
    interpolation: { escapeValue: false },
  });
  return renderToString(
    h(I18nextProvider, { i18n }, h(MantineProvider, null, h(EntriesTable, { rows, currency: 'EUR' }))),
  );
}

const rowOf = (code: string, index: number): EntryRow => ({
  key: `t${index}`,
  at: '2026-03-05T10:00:00.000Z',
  code,
  amount: -100,
  balanceAfter: 1_000,
});

describe('the labels of account lines', () => {
  it('has one translation per code of core, in English and German', () => {
    expect(Object.keys(english.account.codes).sort()).toEqual(EVERY_CODE);
    expect(Object.keys(german.account.codes).sort()).toEqual(EVERY_CODE);
  });

  it('says in English exactly what the statement files print', () => {
    for (const code of LINE_CODES) expect(english.account.codes[code], code).toBe(LINE_LABELS[code]);
    expect(english.account.codes.other).toBe(OTHER_LINE_LABEL);
  });

  it('shows every code by its label and a date as DD-MM-YYYY, never the code itself', async () => {
    const codes = [...LINE_CODES, 'a_code_from_tomorrow'];
    const html = await render('en-GB', codes.map(rowOf));
    for (const code of codes) expect(html).toContain(`>${lineLabel(code)}<`);
    expect(html).toContain('>05-03-2026<');
    const inGerman = await render('de-DE', codes.map(rowOf));
    for (const code of codes) expect(inGerman).not.toContain(`>${code}<`);
    expect(inGerman).toContain('>Zahlungseingang<');
    expect(inGerman).toContain('>Umsatz<');
  });

  it("shows a statement line's counterparty in a column of its own", async () => {
    const html = await render('en-GB', [
      { ...rowOf('internal_payment', 0), counterparty: 'Northwind Trading Ltd' },
      { ...rowOf('manual_adjustment', 1), counterparty: '' },
    ]);
    expect(html).toContain('>Counterparty<');
    expect(html).toContain('>Northwind Trading Ltd<');
    expect(html).toContain('>—<');
    expect(await render('en-GB', [rowOf('sepa_payment', 0)])).not.toContain('Counterparty');
  });
});
