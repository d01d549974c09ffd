import { describe, expect, it } from 'vitest';
import { rankOptions } from './rank-options';

const countries = [
  'British Indian Ocean Territory',
  'Côte d’Ivoire',
  'Dominica',
  'Dominican Republic',
  'India',
  'Indonesia',
  'United Kingdom',
].map((label) => ({ label }));
const labels = (typed: string) => rankOptions(countries, typed).map((option) => option.label);

describe('rankOptions', () => {
  it('offers the name itself first, then names that start with what was typed', () => {
    expect(labels('India')).toEqual(['India', 'British Indian Ocean Territory']);
    expect(labels('ind')).toEqual(['India', 'Indonesia', 'British Indian Ocean Territory']);
    expect(labels('dominica')).toEqual(['Dominica', 'Dominican Republic']);
  });

  it('finds a word inside a name, whatever its case and accents', () => {
    expect(labels('kingdom')).toEqual(['United Kingdom']);
    expect(labels('COTE')).toEqual(['Côte d’Ivoire']);
    expect(labels('ivoire')).toEqual(['Côte d’Ivoire']);
  });

  it('keeps the list as it is for nothing typed, and offers nothing for no match', () => {
    expect(labels('  ')).toHaveLength(countries.length);
    expect(labels('atlantis')).toEqual([]);
    expect(rankOptions(countries, 'i', 2)).toHaveLength(2);
  });
});
