import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoBrand } from '../brand/brand-data';
import { clientRate, crossRate, formatExchangeRate, parseExchangeRate } from '../fx-rates/exchange-rate';
import { convertCost, convertReceived } from './convert';
import { accountClosingFee, accountOpeningFee, incomingPaymentFee, outgoingPaymentFee } from './payment-fees';

const tariff = demoBrand.tariff;

describe('outgoing payment fees', () => {
  it('charges SEPA a fixed 5 EUR whatever the amount', () => {
    for (const amount of [1, 10_000, 99_999_999]) {
      expect(
        outgoingPaymentFee(tariff, { type: 'sepa', amountInTariffCurrency: amount, highRisk: false }),
      ).toEqual({
        currency: 'EUR',
        total: 500,
        parts: [{ kind: 'sepa', amount: 500 }],
      });
    }
  });

  it('charges SWIFT 0.2% with a 75 EUR minimum', () => {
    const fee = (amount: number) =>
      outgoingPaymentFee(tariff, { type: 'international', amountInTariffCurrency: amount, highRisk: false })
        .total;
    expect(fee(10_000)).toBe(7_500); // 100 EUR: the minimum
    expect(fee(3_750_000)).toBe(7_500); // 37,500 EUR: exactly 75 either way
    expect(fee(5_000_000)).toBe(10_000); // 50,000 EUR: 100 EUR
    expect(fee(5_000_001)).toBe(10_001); // a fraction of a cent rounds up
  });

  it('adds the 0.8% high-risk surcharge to external payments only', () => {
    const sepa = outgoingPaymentFee(tariff, {
      type: 'sepa',
      amountInTariffCurrency: 100_000,
      highRisk: true,
    });
    expect(sepa.parts).toEqual([
      { kind: 'sepa', amount: 500 },
      { kind: 'high_risk_surcharge', amount: 800 },
    ]);
    expect(sepa.total).toBe(1_300);
    expect(
      outgoingPaymentFee(tariff, { type: 'internal', amountInTariffCurrency: 100_000, highRisk: true }).total,
    ).toBe(0);
  });

  it('publishes no fee for Faster Payments or internal payments', () => {
    for (const type of ['faster_pay', 'internal'] as const) {
      expect(outgoingPaymentFee(tariff, { type, amountInTariffCurrency: 123_456, highRisk: false })).toEqual({
        currency: 'EUR',
        total: 0,
        parts: [],
      });
    }
  });

  it('never charges less than the published percentage (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e13 }), fc.boolean(), (amount, highRisk) => {
        const { total } = outgoingPaymentFee(tariff, {
          type: 'international',
          amountInTariffCurrency: amount,
          highRisk,
        });
        const exactCents = (amount * (2_000 + (highRisk ? 8_000 : 0))) / 1_000_000;
        expect(total).toBeGreaterThanOrEqual(Math.max(7_500, exactCents) - 1e-6);
        expect(total).toBeLessThanOrEqual(7_500 + exactCents + 2);
        expect(Number.isSafeInteger(total)).toBe(true);
      }),
    );
  });
});

describe('incoming payment fees', () => {
  it('charges EEA 0.15% with a 20 EUR minimum, international 0.2%, UK nothing', () => {
    expect(incomingPaymentFee(tariff, { amountInTariffCurrency: 100_000, senderRegion: 'EEA' }).total).toBe(
      2_000,
    );
    expect(
      incomingPaymentFee(tariff, { amountInTariffCurrency: 10_000_000, senderRegion: 'EEA' }).total,
    ).toBe(15_000);
    expect(
      incomingPaymentFee(tariff, { amountInTariffCurrency: 100_000, senderRegion: 'INTERNATIONAL' }).total,
    ).toBe(200);
    expect(incomingPaymentFee(tariff, { amountInTariffCurrency: 100_000, senderRegion: 'UK' }).total).toBe(0);
  });

  it('never takes more than the payment brings', () => {
    expect(incomingPaymentFee(tariff, { amountInTariffCurrency: 1_200, senderRegion: 'EEA' }).total).toBe(
      1_200,
    );
  });
});

describe('account opening fee', () => {
  it('follows the client region', () => {
    expect(accountOpeningFee(tariff, 'UK')).toBe(5_000);
    expect(accountOpeningFee(tariff, 'EEA')).toBe(25_000);
    expect(accountOpeningFee(tariff, 'INTERNATIONAL')).toBe(80_000);
  });
});

describe('account closing fee', () => {
  it('is published as zero in every region', () => {
    expect(accountClosingFee(tariff, 'UK')).toBe(0);
    expect(accountClosingFee(tariff, 'EEA')).toBe(0);
    expect(accountClosingFee(tariff, 'INTERNATIONAL')).toBe(0);
  });

  it('follows the region of a tariff that charges one', () => {
    const charging = {
      ...tariff,
      account: { ...tariff.account, closing: { UK: 1_000, EEA: 2_500, INTERNATIONAL: 9_900 } },
    };
    expect(accountClosingFee(charging, 'UK')).toBe(1_000);
    expect(accountClosingFee(charging, 'EEA')).toBe(2_500);
    expect(accountClosingFee(charging, 'INTERNATIONAL')).toBe(9_900);
  });
});

describe('exchange rates and conversion', () => {
  const eurUsd = parseExchangeRate('EUR', 'USD', '1.0842');
  const eurJpy = parseExchangeRate('EUR', 'JPY', '162.35');

  it('parses decimal text exactly and refuses anything else', () => {
    expect(eurUsd).toMatchObject({ numerator: 10_842n, denominator: 10_000n });
    for (const bad of ['', '0', '0.000', '-1', '1e3', '1,5', ' 1.1', '01.5', 'NaN', '1.1234567890123']) {
      expect(() => parseExchangeRate('EUR', 'USD', bad)).toThrow(RangeError);
    }
  });

  it('converts across exponents and rounds against the client', () => {
    expect(convertReceived(10_000, eurUsd)).toBe(10_842); // 100.00 EUR -> 108.42 USD
    expect(convertReceived(10_000, eurJpy)).toBe(16_235); // 100.00 EUR -> 16,235 JPY (exponent 0)
    expect(convertReceived(1, eurUsd)).toBe(1); // 0.01 EUR -> 0.010842 USD, rounds down
    expect(convertCost(10_842, eurUsd)).toBe(10_000);
    expect(convertCost(10_843, eurUsd)).toBe(10_001); // a part of a cent more costs a whole cent
    const jpyUsd = crossRate(eurJpy, eurUsd);
    expect(formatExchangeRate(jpyUsd)).toBe('0.006678');
    expect(convertReceived(16_235, jpyUsd)).toBe(10_842);
  });

  it('worsens the market rate by the markup (market + 1.00%)', () => {
    const rate = clientRate(eurUsd, tariff.fx_markup_ppm);
    expect(formatExchangeRate(rate)).toBe('1.073358');
    expect(convertReceived(10_000, rate)).toBe(10_733);
    expect(convertCost(10_000, rate)).toBe(9_317);
  });

  it('never gives the client more than the exact conversion (property)', () => {
    const rateText = fc
      .tuple(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 0, max: 9_999 }))
      .map(([whole, frac]) => `${whole}.${String(frac).padStart(4, '0')}`);
    const currency = fc.constantFrom('EUR', 'JPY', 'BHD', 'GBP');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e7 }),
        rateText,
        currency,
        currency,
        (amount, text, from, to) => {
          const rate = parseExchangeRate(from, to, text);
          const received = convertReceived(amount, rate);
          const cost = convertCost(received, rate);
          // Paying for what was received never costs more than was sold, and buying a target
          // amount always delivers at least that amount.
          expect(cost).toBeLessThanOrEqual(amount);
          expect(convertReceived(convertCost(received + 1, rate), rate)).toBeGreaterThanOrEqual(received + 1);
        },
      ),
    );
  });
});
