import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api-client';
import { ibanCheckOutcome, ibanCheckPath } from './iban-check';

const answer = (bic: string | null, sepa: boolean) => ({
  answer: {
    data: { iban: 'DE89370400440532013000', country: 'DE', bank_swift_code: bic, sepa_reachable: sepa },
  },
});

describe('the IBAN server check', () => {
  it('passes a SEPA-reachable IBAN and hands on the BIC', () => {
    expect(ibanCheckOutcome(answer('COBADEFFXXX', true))).toEqual({ kind: 'valid', bic: 'COBADEFFXXX' });
    expect(ibanCheckOutcome(answer(null, true))).toEqual({ kind: 'valid', bic: null });
  });

  it('says not valid for SEPA when the country is outside it', () => {
    expect(ibanCheckOutcome(answer(null, false))).toEqual({ kind: 'not_sepa', bic: null });
  });

  it('says not valid when the answer has errors, in a 2xx body or a 400/422 problem', () => {
    expect(ibanCheckOutcome({ answer: { errors: [{ message: 'bad' }] } })).toEqual({ kind: 'invalid' });
    const errors = [{ field: 'params.iban', code: 'iban_checksum_invalid', message: 'wrong' }];
    for (const status of [400, 422]) {
      const error = new ApiError(status, { status, code: 'x', message: 'm', errors }, '/client/iban/X/check');
      expect(ibanCheckOutcome({ error })).toEqual({ kind: 'invalid' });
    }
  });

  it('says system error when the call fails in any other way', () => {
    expect(ibanCheckOutcome({ error: new ApiError(500, { message: 'boom' }, '/x') })).toEqual({
      kind: 'system_error',
    });
    expect(ibanCheckOutcome({ error: new ApiError(422, { message: 'no errors array' }, '/x') })).toEqual({
      kind: 'system_error',
    });
    expect(ibanCheckOutcome({ error: new NetworkError('/x') })).toEqual({ kind: 'system_error' });
    expect(ibanCheckOutcome({ answer: {} })).toEqual({ kind: 'system_error' });
  });

  it('shows nothing for a cancelled check', () => {
    expect(ibanCheckOutcome({ error: new DOMException('stop', 'AbortError') })).toEqual({
      kind: 'cancelled',
    });
  });

  it('sends the electronic form of what was typed', () => {
    expect(ibanCheckPath('de89 3704 0044 0532 0130 00')).toBe('/client/iban/DE89370400440532013000/check');
  });
});
