import { describe, expect, it } from 'vitest';
import { addressSchema } from './address';
import { findPlaceProblem } from './place-check';

describe('place check (bad input 21)', () => {
  it.each([
    ['a served country with a fitting postcode', { country: 'GB', postcode: 'N1 9GU' }, null],
    ['a country we do not serve', { country: 'RU', postcode: '101000' }, 'country_not_supported'],
    ['an unknown but well-formed code', { country: 'XX' }, 'country_not_supported'],
    ['a postcode of another country', { country: 'GB', postcode: '75001' }, 'postcode_mismatch'],
    ['no postcode where one is needed', { country: 'DE' }, 'postcode_mismatch'],
    ['no postcode where there are none', { country: 'AE', postcode: '' }, null],
    ['a malformed code, left to the schema', { country: 'gbr' }, null],
    ['a non-string postcode, left to the schema', { country: 'GB', postcode: 12 }, null],
    ['not an object', 'GB', null],
  ])('%s', (_name, place, code) => {
    expect(findPlaceProblem(place, true)?.code ?? null).toBe(code);
  });

  it('skips the postcode where a form has none (sign-up)', () => {
    expect(findPlaceProblem({ country: 'GB' }, false)).toBeNull();
    expect(findPlaceProblem({ country: 'KP' }, false)?.field).toBe('country');
  });

  it('agrees with the address schema the web form uses', () => {
    const base = { city: 'London', address: '1 High St' };
    for (const place of [
      { country: 'GB', postcode: 'N1 9GU' },
      { country: 'GB', postcode: '75001' },
      { country: 'RU', postcode: '101000' },
      { country: 'FR', postcode: '75001' },
    ]) {
      const problem = findPlaceProblem(place, true);
      expect(addressSchema.safeParse({ ...base, ...place }).success).toBe(problem === null);
    }
  });
});
