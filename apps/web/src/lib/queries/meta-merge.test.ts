import { describe, expect, it } from 'vitest';
import { bundledMeta, mergeMeta } from './meta-merge';

const euro = { code: 'EUR', numeric: '978', name: 'Euro', exponent: 2 };

describe('mergeMeta', () => {
  it('takes each list the server sends', () => {
    const merged = mergeMeta({ currencies: [euro], account_currencies: ['EUR'] });
    expect(merged.currencies).toEqual([euro]);
    expect(merged.account_currencies).toEqual(['EUR']);
  });

  it('keeps the bundled list where the server sends none', () => {
    expect(mergeMeta({ currencies: [euro] }).countries).toBe(bundledMeta.countries);
  });

  it('keeps the bundled list when the server sends an empty or malformed one', () => {
    const merged = mergeMeta({ currencies: [], countries: [{ name: 'No code' }], account_currencies: [1] });
    expect(merged).toEqual(bundledMeta);
  });

  it('keeps every bundled list when the answer is not an object', () => {
    expect(mergeMeta(undefined)).toBe(bundledMeta);
    expect(mergeMeta('oops')).toBe(bundledMeta);
  });

  it('takes the onboarding lists the server sends, so operators can change them', () => {
    const documentTypes = [{ code: 'TRADE_REGISTER_EXTRACT', name: 'Trade register extract' }];
    const activityTypes = [{ code: 'FARMING', name: 'Farming', high_risk: false }];
    const merged = mergeMeta({ document_types: documentTypes, activity_types: activityTypes });
    expect(merged.document_types).toEqual(documentTypes);
    expect(merged.activity_types).toEqual(activityTypes);
    expect(merged.identification_document_types).toBe(bundledMeta.identification_document_types);
    expect(merged.client_person_types).toBe(bundledMeta.client_person_types);
  });

  it('keeps a bundled onboarding list whose entries have no name to show', () => {
    expect(mergeMeta({ document_types: [{ code: 'X' }] }).document_types).toBe(bundledMeta.document_types);
  });

  it('ignores keys it does not show', () => {
    expect(mergeMeta({ global_settings: { x: 1 } })).toEqual(bundledMeta);
  });
});
