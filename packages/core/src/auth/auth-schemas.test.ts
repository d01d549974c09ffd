import { describe, expect, it } from 'vitest';
import { DEFAULT_FIELD_PATTERN, defaultTextField, latinNumField, numbersOnlyField } from './field-rules';
import { loginVerifySchema, newPasswordSchema } from './login';
import { passwordSchema } from './password';
import { normalisePhone, PHONE_EXAMPLE, phoneSchema } from './phone';
import { businessSignUpSchema, privateSignUpSchema } from './sign-up';
import { validationMessages } from './validation-messages';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('password rule', () => {
  it.each(['Abcdefg1', 'Demo-password-1', 'Ünïcode-pässwort-9'])('accepts %s', (password) => {
    expect(passwordSchema.safeParse(password).success).toBe(true);
  });
  it.each(['Abcdef1', 'abcdefg1', 'ABCDEFG1', 'Abcdefgh', 'A'.repeat(120) + 'a1'.repeat(5)])(
    'refuses %s',
    (password) => {
      expect(passwordSchema.safeParse(password).success).toBe(false);
    },
  );
  it("uses the rule's message and checks the confirmation", () => {
    expect(messagesOf(passwordSchema.safeParse('short'))).toContain(validationMessages.password);
    const mismatch = newPasswordSchema.safeParse({ password: 'Abcdefg1', password_confirmation: 'Abcdefg2' });
    expect(mismatch.error?.issues[0]).toMatchObject({
      message: validationMessages.passwordsMatch,
      path: ['password_confirmation'],
    });
  });
});

describe('field rules', () => {
  it('default rule allows the listed symbols only', () => {
    expect(DEFAULT_FIELD_PATTERN.test("O'Brien-Smith (Jr.), 2/3: ok? +")).toBe(true);
    for (const bad of ['a;b', 'a<b>', 'a\u0000', 'a\u202eb', 'a\u200bb', 'a\tb', 'e\u0301']) {
      expect(defaultTextField(70).safeParse(bad).success).toBe(false);
    }
    expect(messagesOf(defaultTextField(70).safeParse('a@b'))).toContain(validationMessages.defaultField);
  });
  it('latin_num and numbersOnly', () => {
    expect(latinNumField(10).safeParse('AB12').success).toBe(true);
    expect(messagesOf(latinNumField(10).safeParse('ÄB12'))).toContain(validationMessages.latinNum);
    expect(numbersOnlyField(6).safeParse('123456').success).toBe(true);
    expect(messagesOf(numbersOnlyField(6).safeParse('12-34'))).toContain(validationMessages.numbersOnly);
  });
});

describe('phone', () => {
  it('normalises to E.164', () => {
    expect(normalisePhone('+44 7911 123456')).toBe('+447911123456');
    expect(phoneSchema.parse('+49 (30) 1234567')).toBe('+49301234567');
  });
  it('accepts the example the sign-up form shows', () => {
    expect(phoneSchema.safeParse(PHONE_EXAMPLE).success).toBe(true);
  });
  it.each(['07700 900123', '+44 12', '+447700900123abc', '', '+0000000000'])('refuses %s', (phone) => {
    expect(messagesOf(phoneSchema.safeParse(phone))).toContain(validationMessages.phone);
  });
});

const privateForm = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.test',
  phone: '+447911123456',
  country: 'GB',
  password: 'Abcdefg1',
  password_confirmation: 'Abcdefg1',
  altcha: '',
  accept_terms: true,
};

describe('sign-up schemas', () => {
  it('accepts a private and a business sign-up', () => {
    expect(privateSignUpSchema.parse(privateForm).phone).toBe('+447911123456');
    const business = {
      company_name: 'Lovelace Engines Ltd.',
      registration_number: '01234567',
      country: 'GB',
      contact_person: 'Ada Lovelace',
      email: 'ops@example.test',
      phone: '+447911123457',
      password: 'Abcdefg1',
      password_confirmation: 'Abcdefg1',
      accept_terms: true,
    };
    expect(businessSignUpSchema.safeParse(business).success).toBe(true);
  });
  it.each([
    ['an unknown field', { status: 'APPROVED' }],
    ['an inactive country', { country: 'IR' }],
    ['an unknown country', { country: 'XX' }],
    ['a bad e-mail', { email: 'ada@' }],
    ['mismatched passwords', { password_confirmation: 'Abcdefg2' }],
    ['a bidi override in a name', { last_name: 'Love\u202elace' }],
    ['the terms not accepted', { accept_terms: false }],
    ['the terms left out', { accept_terms: undefined }],
  ])('refuses %s', (_name, change) => {
    expect(privateSignUpSchema.safeParse({ ...privateForm, ...change }).success).toBe(false);
  });
  it('a code is six digits and the challenge a uuid', () => {
    const id = '6f1c2a9e-3b7d-4c1e-9a2b-1c2d3e4f5a6b';
    expect(loginVerifySchema.safeParse({ challenge_id: id, code: '123456' }).success).toBe(true);
    expect(loginVerifySchema.safeParse({ challenge_id: id, code: '12345' }).success).toBe(false);
    expect(loginVerifySchema.safeParse({ challenge_id: 'x', code: '123456' }).success).toBe(false);
  });
});
