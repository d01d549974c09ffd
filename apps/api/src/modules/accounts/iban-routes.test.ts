import { brand } from '@bluepeak/core';
import { composeUkIban } from '@bluepeak/core/accounts';
import { describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { expectProblem } from '../../testing/onboarding-helpers';

// The payment form's IBAN check (docs/requirements/validation.md and
// docs/requirements/api-contract.md, docs/requirements/accounts.md).
describe('POST /api/client/iban/{iban}/check', () => {
  const { test, sessions } = useDemoWorld({ sessions: { session: ['private@demo.test'] } });

  const check = (iban: string, headers = sessions.session.headers) =>
    test.app.inject({ method: 'POST', url: `/api/client/iban/${iban}/check`, headers });

  // Valid IBANs of 17 SEPA countries, with the BIC wherever the offline directory knows the bank.
  const sepa: [string, string | null][] = [
    ['DE89370400440532013000', 'COBADEFFXXX'],
    ['NL91ABNA0417164300', 'ABNANL2A'],
    ['FR1420041010050500013M02606', 'PSSTFRPPXXX'],
    ['ES9121000418450200051332', 'CAIXESBB'],
    ['LU280019400644750000', 'BCEELULL'],
    ['BE68539007547034', null],
    ['AT611904300234573201', null],
    ['GB29NWBK60161331926819', null],
    ['IT60X0542811101000000123456', null],
    ['CH9300762011623852957', null],
    ['PL61109010140000071219812874', null],
    ['SE4550000000058398257466', null],
    ['IE29AIBK93115212345678', null],
    ['PT50000201231234567890154', null],
    ['FI2112345600000785', null],
    ['NO9386011117947', null],
    ['DK5000400440116243', null],
  ];

  it.each(sepa)('accepts %s as SEPA reachable', async (iban, bic) => {
    const response = await check(iban);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      data: { iban, country: iban.slice(0, 2), bank_swift_code: bic, sepa_reachable: true },
    });
  });

  it.each([
    'TR330006100519786457841326',
    'SA0380000000608010167519',
    'AE070331234567890123456',
    'BR1800360305000010009795493C1',
    'IL620108000000099999999',
  ])('accepts %s but says SEPA does not reach it', async (iban) => {
    const response = await check(iban);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ iban, sepa_reachable: false, bank_swift_code: null });
  });

  it("names our own bank's BIC for one of our IBANs", async () => {
    const iban = composeUkIban({
      bankCode: brand.bank.iban_bank_code,
      sortCode: brand.bank.sort_code,
      accountNumber: '12345678',
    });
    const response = await check(iban);
    expect(response.json().data).toMatchObject({ bank_swift_code: brand.bank.bic, sepa_reachable: true });
  });

  it.each([
    ['DE89370400440532013001', 'iban_checksum_invalid'],
    ['GB28NWBK60161331926819', 'iban_checksum_invalid'],
    ['NL92ABNA0417164300', 'iban_checksum_invalid'],
    ['DE8937040044053201300', 'iban_length_invalid'],
    ['DE893704004405320130000', 'iban_length_invalid'],
    ['NL91ABNA041716430', 'iban_length_invalid'],
    ['XX89370400440532013000', 'iban_country_unknown'],
  ])('refuses %s with 422 %s and an errors array', async (iban, code) => {
    const response = await check(iban);
    expectProblem(response, 422, code);
    expect(response.json().errors).toEqual([expect.objectContaining({ field: 'iban', code })]);
    expect(response.json().detail).toEqual(expect.any(String));
  });

  it.each([
    'de89370400440532013000',
    'DE89-3704',
    'D89370400440532013000',
    `DE89${'1'.repeat(31)}`,
    'DE89%20370400440532013000',
    '%2E%2E%2Fetc',
  ])('refuses the malformed %s with 400 and an errors array', async (iban) => {
    const response = await check(iban);
    expectProblem(response, 400);
    expect(response.json().errors?.length).toBeGreaterThan(0);
  });

  it('needs a logged-in client and refuses a body', async () => {
    expectProblem(await check('DE89370400440532013000', {}), 401);
    const withBody = await test.app.inject({
      method: 'POST',
      url: '/api/client/iban/DE89370400440532013000/check',
      headers: sessions.session.headers,
      payload: { status: 'APPROVED' },
    });
    expectProblem(withBody, 400, 'validation_failed');
  });
});
