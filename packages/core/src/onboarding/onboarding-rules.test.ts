import { describe, expect, it } from 'vitest';
import { addressSchema } from './address';
import { attachmentSchema, attachmentsSchema } from './attachment';
import { companyDocumentsSchema } from './company-profile';
import { identificationSchema } from './identification';
import { postcodeRequired } from './postcode';
import { isProfileComplete, missingProfileParts } from './profile-completeness';
import {
  approvedOnlyGuard,
  confirmEmailGuard,
  type GuardClient,
  newOnlyGuard,
  paymentGuard,
  referralGuard,
  relatedPersonsGuard,
  restrictGuard,
} from './route-guards';

const privateNew: GuardClient = { type: 'PRIVATE', status: 'NEW', referral_id: null };
const businessApproved: GuardClient = { type: 'CORPORATE', status: 'approved', referral_id: 'R1' };

describe('route guards', () => {
  it.each([
    ['confirm without hash', confirmEmailGuard({}), '/'],
    ['confirm with empty hash', confirmEmailGuard({ hash: '' }), '/'],
    ['confirm with hash', confirmEmailGuard({ hash: 'abc' }), null],
    ['payment without query', paymentGuard({}), '/dashboard/recipients'],
    ['payment with payment', paymentGuard({ payment: '1' }), null],
    ['payment with recipient', paymentGuard({ recipient: '2' }), null],
    ['referral without id', referralGuard(privateNew), '/dashboard/accounts'],
    ['referral with id', referralGuard(businessApproved), null],
    ['restrict', restrictGuard(), '/'],
    ['related persons, private', relatedPersonsGuard(privateNew), '/dashboard/settings'],
    ['related persons, business', relatedPersonsGuard(businessApproved), null],
    ['approved-only, new', approvedOnlyGuard(privateNew), '/dashboard/accounts'],
    ['approved-only, approved (any case)', approvedOnlyGuard(businessApproved), null],
    ['new-only, new', newOnlyGuard(privateNew), null],
    ['new-only, approved', newOnlyGuard(businessApproved), '/dashboard/accounts'],
  ])('%s', (_name, result, expected) => {
    expect(result).toBe(expected);
  });
});

const noFlags = {
  has_activity_type: false,
  has_client_info: false,
  has_document: false,
  has_incoming_partner: false,
  has_legal_address: false,
  has_outgoing_partner: false,
  has_company_structure: false,
};
const allFlags = Object.fromEntries(Object.keys(noFlags).map((key) => [key, true])) as typeof noFlags;

describe('profile completeness', () => {
  it('private: a legal address is enough', () => {
    expect(isProfileComplete({ type: 'PRIVATE', ...noFlags, has_legal_address: true })).toBe(true);
    expect(missingProfileParts({ type: 'PRIVATE', ...allFlags, has_legal_address: false })).toEqual([
      'has_legal_address',
    ]);
  });
  it('corporate: all seven flags', () => {
    expect(isProfileComplete({ type: 'CORPORATE', ...allFlags })).toBe(true);
    for (const flag of Object.keys(noFlags)) {
      expect(isProfileComplete({ type: 'CORPORATE', ...allFlags, [flag]: false })).toBe(false);
    }
  });
});

describe('address', () => {
  const valid = { country: 'GB', city: 'London', address: '10 Downing Street', postcode: 'SW1A 2AA' };
  it('asks for no postcode where the country has none, and marks it required elsewhere', () => {
    expect(addressSchema.safeParse({ ...valid, country: 'AE', city: 'Dubai', postcode: '' }).success).toBe(
      true,
    );
    expect(postcodeRequired('AE')).toBe(false);
    expect(postcodeRequired('GB')).toBe(true);
  });
  it('accepts the allowed characters and a fitting postcode', () => {
    expect(addressSchema.parse({ ...valid, address: 'Flat 2/B, Unit_3 | Block\\C: 1-3.' }).type).toBe(
      'LEGAL',
    );
    expect(
      addressSchema.safeParse({ ...valid, city: 'Saint-Étienne', country: 'FR', postcode: '42000' }).success,
    ).toBe(true);
  });
  it.each([
    ['digits in the city', { city: 'London 2' }, 'Latin alphabet symbols only'],
    ['a line break in the address', { address: 'Line 1\nLine 2' }, 'Invalid characters in address field'],
    ['a bidi override', { address: 'Main \u202eStreet' }, 'Invalid characters in address field'],
    ['a postcode of another country', { postcode: '75001' }, 'This postcode does not fit the country'],
    ['no postcode where the country has them', { postcode: '' }, 'Enter the postcode'],
    [
      'a country we do not serve',
      { country: 'KP', postcode: '' },
      'We cannot open accounts for clients from this country',
    ],
  ])('refuses %s', (_name, change, message) => {
    const result = addressSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

const file = { name: 'front.png', type: 'front', mime: 'image/png', size: 3, data: 'AAAA' };

describe('attachments', () => {
  it('wraps a single attachment', () => {
    expect(attachmentsSchema(3).parse(file)).toHaveLength(1);
  });
  it.each([
    ['non-alphabet base64', { data: 'AA*A' }],
    ['bad padding', { data: 'AAA' }],
    ['trailing garbage', { data: 'AAAA=' }],
    ['a path in the name', { name: '../etc/passwd' }],
    ['NUL in the name', { name: 'a\u0000.png' }],
    ['CRLF in the name', { name: 'a\r\n.png' }],
    ['an unknown field', { owner_id: 'x' }],
  ])('refuses %s', (_name, change) => {
    expect(attachmentSchema.safeParse({ ...file, ...change }).success).toBe(false);
  });
  it.each([
    ['a bad mime', { mime: 'BAD' }],
    ['bad base64', { data: '!!!!' }],
    ['a path in the name', { name: '../x' }],
    ['a negative size', { size: -1 }],
  ])('refuses a single unwrapped attachment with %s without throwing', (_name, change) => {
    const single = { ...file, ...change };
    const DATES = { date_of_birth: '1990-05-17', document_expires_on: '2034-01-01' };
    const identification = identificationSchema.safeParse({
      ...DATES,
      document_type: 'PASSPORT',
      attachments: single,
    });
    expect(identification.success).toBe(false);
    expect(identification.error?.issues[0]?.path.slice(0, 2)).toEqual(['attachments', 0]);
    expect(companyDocumentsSchema.safeParse({ attachments: single }).success).toBe(false);
  });
  it('needs front and selfie, and a back unless a passport', () => {
    const DATES = { date_of_birth: '1990-05-17', document_expires_on: '2034-01-01' };
    const front = file;
    const selfie = { ...file, type: 'selfie' };
    const back = { ...file, type: 'back' };
    expect(
      identificationSchema.safeParse({ ...DATES, document_type: 'PASSPORT', attachments: [front, selfie] })
        .success,
    ).toBe(true);
    expect(
      identificationSchema.safeParse({
        ...DATES,
        document_type: 'DRIVING_LICENCE',
        attachments: [front, selfie],
      }).success,
    ).toBe(false);
    expect(
      identificationSchema.safeParse({
        ...DATES,
        document_type: 'DRIVING_LICENCE',
        attachments: [front, back, selfie],
      }).success,
    ).toBe(true);
    expect(
      identificationSchema.safeParse({ ...DATES, document_type: 'PASSPORT', attachments: [front, front] })
        .success,
    ).toBe(false);
  });
});
