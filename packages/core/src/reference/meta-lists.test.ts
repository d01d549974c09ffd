import { describe, expect, it } from 'vitest';
import {
  type AddressTypeCode,
  activityTypes,
  addressTypes,
  addressTypesFor,
  metaCodeSchema,
  metaLists,
} from './meta-lists';

describe('meta lists', () => {
  it('has every list of GET /meta, each with unique UPPER_SNAKE codes and a name', () => {
    expect(Object.keys(metaLists).sort()).toEqual([
      'activity_types',
      'address_types',
      'client_partner_types',
      'client_person_types',
      'document_types',
      'identification_document_types',
      'source_of_wealth_types',
    ]);
    for (const list of Object.values(metaLists)) {
      const codes = list.map((item) => item.code);
      expect(new Set(codes).size).toBe(codes.length);
      for (const item of list) {
        expect(item.code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
        expect(item.name.length).toBeGreaterThan(2);
      }
    }
  });

  it('has realistic sizes and the entries onboarding relies on', () => {
    expect(activityTypes.length).toBeGreaterThanOrEqual(15);
    expect(activityTypes.length).toBeLessThanOrEqual(30);
    expect(metaLists.client_partner_types.map((item) => item.code)).toEqual(['INCOMING', 'OUTGOING']);
    expect(metaLists.identification_document_types.map((item) => item.code)).toEqual([
      'PASSPORT',
      'NATIONAL_IDENTITY_CARD',
      'DRIVING_LICENCE',
      'RESIDENCE_PERMIT',
    ]);
    expect(addressTypes.map((item) => item.code)).toContain('LEGAL');
    expect(metaLists.client_person_types.map((item) => item.code)).toContain('ULTIMATE_BENEFICIAL_OWNER');
  });

  it('flags the regulated, higher-risk activities and leaves ordinary sectors standard', () => {
    const highRisk = activityTypes.filter((item) => item.high_risk).map((item) => item.code);
    expect(highRisk).toEqual(expect.arrayContaining(['CRYPTO_ASSET_SERVICES', 'GAMBLING', 'MONEY_SERVICES']));
    expect(activityTypes.find((item) => item.code === 'MANUFACTURING')?.high_risk).toBe(false);
  });

  it('builds a schema that accepts exactly the codes of a list', () => {
    const schema = metaCodeSchema(addressTypes);
    const parsed: AddressTypeCode = schema.parse('RESIDENTIAL');
    expect(parsed).toBe('RESIDENTIAL');
    expect(schema.safeParse('residential').success).toBe(false);
    expect(schema.safeParse('HOME').success).toBe(false);
  });
});

describe('addressTypesFor', () => {
  it('offers a person home addresses and a company its offices, both a legal and a postal one', () => {
    const codes = (type: 'PRIVATE' | 'CORPORATE') => addressTypesFor(type).map((item) => item.code);
    expect(codes('PRIVATE')).toEqual(['LEGAL', 'RESIDENTIAL', 'CORRESPONDENCE', 'PREVIOUS_RESIDENTIAL']);
    expect(codes('CORPORATE')).toEqual(['LEGAL', 'CORRESPONDENCE', 'BUSINESS', 'HEAD_OFFICE', 'BRANCH']);
  });
});
