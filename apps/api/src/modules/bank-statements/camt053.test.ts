import { describe, expect, it } from 'vitest';
import { amountToMinor, parseCamt053, StatementError } from './camt053';
import { buildCamt053, decimal } from './testing/camt053-builder';
import { validateCamt053 } from './validate-statement';
import { readXmlTree, XmlReadError } from './xml-tree';

const OURS = 'GB33BUKB20201555555555';
const CLIENT = 'GB94BARC10201530093459';

const statement = () =>
  buildCamt053({
    messageId: 'STMT-2026-01-05',
    date: '2026-01-05',
    accountIban: OURS,
    opening: '1000.00',
    closing: '1508.25',
    credits: [
      { reference: 'BANK-1', amount: '500.25', creditorIban: CLIENT, remittance: 'Invoice 7 & 8' },
      { reference: 'BANK-2', amount: '10', creditorIban: CLIENT, structuredReference: 'RF18539007547034' },
      { reference: 'BANK-3', amount: '1.00', creditorIban: CLIENT, status: 'PDNG' },
      { reference: 'BANK-4', amount: '2.00', creditorIban: CLIENT, direction: 'DBIT' },
    ],
  });

describe('camt.053 statements', () => {
  it('writes test statements that validate against the camt.053.001.08 schema', async () => {
    expect(await validateCamt053(statement())).toEqual({ valid: true });
  });

  it('refuses a file that breaks the schema, listing what is wrong', async () => {
    const broken = statement().replace('<CdtDbtInd>CRDT</CdtDbtInd>', '<CdtDbtInd>MAYBE</CdtDbtInd>');
    const check = await validateCamt053(broken);
    expect(check.valid).toBe(false);
    if (!check.valid) expect(check.errors.join('\n')).toMatch(/CdtDbtInd/);
    const notXml = await validateCamt053('this is not xml');
    expect(notXml.valid).toBe(false);
    const doctype = await validateCamt053('<!DOCTYPE x [<!ENTITY a "b">]><x/>');
    expect(doctype).toEqual({ valid: false, errors: ['Document type declarations are not accepted'] });
  });

  it('reads booked credits with exact minor units, parties, remittance and the closing balance', () => {
    const parsed = parseCamt053(statement());
    expect(parsed.messageId).toBe('STMT-2026-01-05');
    expect(parsed.statements).toEqual([
      {
        id: 'STMT-2026-01-05-1',
        accountIban: OURS,
        closing: [{ currency: 'EUR', date: '2026-01-05', amountMinor: 150_825 }],
      },
    ]);
    expect(parsed.credits).toEqual([
      {
        bankReference: 'BANK-1',
        amountMinor: 50_025,
        currency: 'EUR',
        bookingDate: '2026-01-05',
        creditorIban: CLIENT,
        accountIban: OURS,
        debtorName: 'Contoso GmbH',
        debtorIban: 'DE89370400440532013000',
        remittance: 'Invoice 7 & 8',
      },
      expect.objectContaining({
        bankReference: 'BANK-2',
        amountMinor: 1_000,
        remittance: 'RF18539007547034',
      }),
    ]);
    expect(parsed.skipped).toBe(2);
  });

  it('refuses a statement that does not add up: opening + booked entries must be the closing balance', () => {
    const wrong = statement().replace('<Amt Ccy="EUR">1508.25</Amt>', '<Amt Ccy="EUR">1508.26</Amt>');
    expect(() => parseCamt053(wrong)).toThrow(/does not add up in EUR/);
    const built = buildCamt053({
      messageId: 'M',
      date: '2026-01-05',
      accountIban: OURS,
      opening: '-5.00',
      credits: [{ reference: 'R', amount: '7.50', creditorIban: CLIENT }],
    });
    expect(parseCamt053(built).statements[0]?.closing[0]?.amountMinor).toBe(250);
  });

  it('reads each transaction of a batch entry as its own credit, with its own reference', async () => {
    const single = buildCamt053({
      messageId: 'BATCH',
      date: '2026-01-05',
      accountIban: OURS,
      opening: '0.00',
      credits: [{ reference: 'BATCH-1', amount: '30.00', creditorIban: CLIENT }],
    });
    const transaction = (reference: string, amount: string) =>
      `<TxDtls><Refs><AcctSvcrRef>${reference}</AcctSvcrRef></Refs><Amt Ccy="EUR">${amount}</Amt>` +
      `<RltdPties><CdtrAcct><Id><IBAN>${CLIENT}</IBAN></Id></CdtrAcct></RltdPties></TxDtls>`;
    const batch = single.replace(
      /<NtryDtls>[\s\S]*<\/NtryDtls>/,
      `<NtryDtls>${transaction('T-A', '10.00')}${transaction('T-B', '20.00')}</NtryDtls>`,
    );
    expect(await validateCamt053(batch)).toEqual({ valid: true });
    expect(
      parseCamt053(batch).credits.map((credit) => [
        credit.bankReference,
        credit.amountMinor,
        credit.creditorIban,
      ]),
    ).toEqual([
      ['BATCH-1/T-A', 1_000, CLIENT],
      ['BATCH-1/T-B', 2_000, CLIENT],
    ]);
  });

  it('converts amounts with the currency exponent, exactly or not at all', () => {
    const amount = (text: string, currency: string) =>
      amountToMinor({ name: 'Amt', attributes: { Ccy: currency }, children: [], text });
    expect(amount('1234.50', 'EUR')).toEqual({ amountMinor: 123_450, currency: 'EUR' });
    expect(amount('1234.50000', 'EUR').amountMinor).toBe(123_450);
    expect(amount('1234', 'JPY').amountMinor).toBe(1_234);
    expect(amount('1.234', 'BHD').amountMinor).toBe(1_234);
    expect(amount('0.1', 'GBP').amountMinor).toBe(10);
    expect(() => amount('1.005', 'EUR')).toThrow(StatementError);
    expect(() => amount('1.5', 'JPY')).toThrow(StatementError);
    expect(() => amount('99999999999999999', 'EUR')).toThrow(StatementError);
    expect(() => amount('1.00', 'XQQ')).toThrow(StatementError);
    expect(decimal(150_025)).toBe('1500.25');
    expect(decimal(5)).toBe('0.05');
  });

  it('is not fooled by comments or CDATA and refuses entity declarations', () => {
    const tree = readXmlTree('<a><!-- <b>fake</b> --><b><![CDATA[<x>]]> &amp; &#65;</b></a>');
    expect(tree.children).toHaveLength(1);
    expect(tree.children[0]?.text).toBe('<x> & A');
    expect(() => readXmlTree('<!DOCTYPE a><a/>')).toThrow(XmlReadError);
    expect(() => readXmlTree('<a><b></a>')).toThrow(XmlReadError);
  });
});
