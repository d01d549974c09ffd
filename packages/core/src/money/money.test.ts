import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMinorUnits, formatMoney } from './format-money';
import { formatRatePpm } from './format-rate';
import { addMinorUnits, assertMinorUnits, minorUnitsFromBigInt } from './minor-units';
import { parseMoneyInput } from './parse-money';
import { applyRatePpm, divideRounded } from './rounding';

describe('minor units', () => {
  it('accepts safe integers and refuses fractions, -0, NaN and values past 2^53', () => {
    expect(assertMinorUnits(12345)).toBe(12345);
    for (const bad of [10.5, -0, Number.NaN, 2 ** 53, '10', null]) {
      expect(() => assertMinorUnits(bad)).toThrow(RangeError);
    }
  });

  it('refuses a bigint result that does not fit', () => {
    expect(() => minorUnitsFromBigInt(9007199254740993n)).toThrow(RangeError);
    expect(addMinorUnits(1, 2)).toBe(3);
    expect(() => addMinorUnits(Number.MAX_SAFE_INTEGER, 1)).toThrow(RangeError);
  });
});

describe('divideRounded', () => {
  it('rounds half to even by default', () => {
    expect(divideRounded(5n, 2n)).toBe(2n);
    expect(divideRounded(7n, 2n)).toBe(4n);
    expect(divideRounded(-5n, 2n)).toBe(-2n);
    expect(divideRounded(26n, 10n)).toBe(3n);
  });

  it('honours every mode', () => {
    expect(divideRounded(11n, 10n, 'up')).toBe(2n);
    expect(divideRounded(19n, 10n, 'down')).toBe(1n);
    expect(divideRounded(15n, 10n, 'half_up')).toBe(2n);
    expect(divideRounded(-11n, 10n, 'up')).toBe(-1n);
  });

  it('never moves a result by more than one unit from the exact quotient', () => {
    fc.assert(
      fc.property(fc.bigInt(-(10n ** 15n), 10n ** 15n), fc.bigInt(1n, 10n ** 6n), (n, d) => {
        const rounded = divideRounded(n, d);
        const diff = rounded * d - n;
        expect(diff <= d && diff >= -d).toBe(true);
        expect(2n * (diff < 0n ? -diff : diff) <= d).toBe(true);
      }),
    );
  });

  it('applies a rate in parts per million', () => {
    expect(applyRatePpm(10_000, 2_000)).toBe(20n); // 0.2% of 100.00
    expect(applyRatePpm(1_250, 10_000)).toBe(12n); // 1% of 12.50 = 12.5 -> 12 (half-even)
  });
});

describe('formatMinorUnits', () => {
  it('groups thousands with spaces and keeps the currency exponent', () => {
    expect(formatMinorUnits(1234567, 2)).toBe('12 345.67');
    expect(formatMinorUnits(5, 2)).toBe('0.05');
    expect(formatMinorUnits(-100000, 2)).toBe('-1 000.00');
    expect(formatMinorUnits(1500, 0)).toBe('1 500');
    expect(formatMinorUnits(1234, 3)).toBe('1.234');
  });

  it('writes the plain decimal a file carries when asked', () => {
    expect(formatMinorUnits(-123450, 2, { grouping: false })).toBe('-1234.50');
    expect(formatMinorUnits(123450, 2, { grouping: false, decimalMark: ',' })).toBe('1234,50');
    expect(formatMinorUnits(5, 3, { grouping: false })).toBe('0.005');
    expect(() => formatMinorUnits(100, -1)).toThrow(RangeError);
    expect(() => formatMinorUnits(100, 1.5)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it("takes the decimals from the currency's ISO exponent", () => {
    expect(formatMoney(1_500_000, 'JPY')).toBe('1 500 000 JPY');
    expect(formatMoney(123_456_789, 'EUR')).toBe('1 234 567.89 EUR');
    expect(formatMoney(1_234_567, 'BHD')).toBe('1 234.567 BHD');
    expect(formatMoney(12_345, 'CLF')).toBe('1.2345 CLF');
    expect(formatMoney(5, 'EUR')).toBe('0.05 EUR');
    expect(formatMoney(0, 'KWD')).toBe('0.000 KWD');
  });

  it('keeps the sign in front of the digits', () => {
    expect(formatMoney(-100_000, 'EUR')).toBe('-1 000.00 EUR');
    expect(formatMoney(-7, 'JPY')).toBe('-7 JPY');
    expect(formatMoney(-1, 'BHD')).toBe('-0.001 BHD');
  });

  it('drops the code or the grouping when asked', () => {
    expect(formatMoney(123_450, 'EUR', { code: false })).toBe('1 234.50');
    expect(formatMoney(-123_450, 'EUR', { code: false, grouping: false })).toBe('-1234.50');
    expect(formatMoney(1_500, 'JPY', { code: false, grouping: false })).toBe('1500');
    expect(formatMoney(1_234_500, 'BHD', { code: false, grouping: false, decimalMark: ',' })).toBe(
      '1234,500',
    );
  });

  it('is exact up to 2^53 - 1 minor units and refuses anything past it', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'EUR')).toBe('90 071 992 547 409.91 EUR');
    expect(formatMoney(-Number.MAX_SAFE_INTEGER, 'JPY', { grouping: false })).toBe('-9007199254740991 JPY');
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'BHD', { code: false })).toBe('9 007 199 254 740.991');
    expect(() => formatMoney(2 ** 53, 'EUR')).toThrow(RangeError);
    expect(() => formatMoney(10.5, 'EUR')).toThrow(RangeError);
  });

  it('prints every digit of any safe integer, whatever the exponent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        fc.constantFrom('JPY', 'EUR', 'BHD', 'CLF'),
        (n, currency) => {
          const text = formatMoney(n, currency, { code: false, grouping: false });
          expect(BigInt(text.replace('.', ''))).toBe(BigInt(n));
        },
      ),
    );
  });

  it('throws on a currency it does not know, naming it, rather than guess two decimals', () => {
    expect(() => formatMoney(100, 'XYZ')).toThrow('Unknown currency: "XYZ"');
    expect(() => formatMoney(100, 'eur')).toThrow('Unknown currency: "eur"');
    expect(() => formatMoney(100, '')).toThrow('Unknown currency: ""');
  });
});

describe('parseMoneyInput', () => {
  it('parses what people type', () => {
    expect(parseMoneyInput('1 234.50', 2)).toEqual({ ok: true, amount: 123450 });
    expect(parseMoneyInput('1234,5', 2)).toEqual({ ok: true, amount: 123450 });
    expect(parseMoneyInput('150', 0)).toEqual({ ok: true, amount: 150 });
  });

  it('reads commas between thousands as grouping, never as three decimals of a two-decimal currency', () => {
    expect(parseMoneyInput('1,250', 2)).toEqual({ ok: true, amount: 125_000 });
    expect(parseMoneyInput('1,250.5', 2)).toEqual({ ok: true, amount: 125_050 });
    expect(parseMoneyInput('12,345,678.90', 2)).toEqual({ ok: true, amount: 1_234_567_890 });
    expect(parseMoneyInput('1,250', 0)).toEqual({ ok: true, amount: 1_250 });
    // Two digits after the comma are decimals, as before; a currency with three keeps "1,250" as 1.250.
    expect(parseMoneyInput('1,25', 2)).toEqual({ ok: true, amount: 125 });
    expect(parseMoneyInput('1,250', 3)).toEqual({ ok: true, amount: 1_250 });
    expect(parseMoneyInput('1,250,000', 3)).toEqual({ ok: true, amount: 1_250_000_000 });
    for (const bad of ['1,25,000', '1,2500', ',250', '1,250,', '1,250 000', '1.250,5']) {
      expect(parseMoneyInput(bad, 2).ok, bad).toBe(false);
    }
  });

  it('refuses what Number() would wrongly accept', () => {
    for (const bad of ['', ' 12 ', '0x10', '1e3', '-5', '12abc', '١٢', '1.2.3', '12 34']) {
      expect(parseMoneyInput(bad, 2).ok, bad).toBe(false);
    }
    expect(parseMoneyInput('10.001', 2)).toEqual({ ok: false, code: 'too_many_decimals' });
    expect(parseMoneyInput('1.5', 0)).toEqual({ ok: false, code: 'too_many_decimals' });
    expect(parseMoneyInput('90071992547409.93', 2)).toEqual({ ok: false, code: 'out_of_range' });
  });

  it('round-trips with the formatter', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.constantFrom(0, 2, 3),
        (n, exp) => {
          expect(parseMoneyInput(formatMinorUnits(n, exp), exp)).toEqual({ ok: true, amount: n });
        },
      ),
    );
  });
});

describe('formatRatePpm', () => {
  it('prints rates as the tariff publishes them', () => {
    expect(formatRatePpm(10_000)).toBe('1.00%');
    expect(formatRatePpm(2_000)).toBe('0.20%');
    expect(formatRatePpm(1_500)).toBe('0.15%');
    expect(formatRatePpm(833)).toBe('0.0833%');
    expect(formatRatePpm(0)).toBe('0.00%');
    expect(() => formatRatePpm(-1)).toThrow(RangeError);
  });
});
