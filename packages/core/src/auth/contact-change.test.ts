import { describe, expect, it } from 'vitest';
import { emailChangeSchema, maskEmail, maskPhone, phoneChangeSchema } from './contact-change';

const proof = {
  current_password: 'Strong-pass-1',
  step_up_challenge_id: '00000000-0000-4000-8000-000000000000',
  step_up_code: '123456',
};

describe('masking a log-in e-mail or phone for the audit log and notices', () => {
  it('keeps the first character and the domain of an address', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j•••••••@example.com');
    expect(maskEmail('jo@example.com')).toBe('j•@example.com');
    expect(maskEmail('j@example.com')).toBe('j•@example.com');
  });

  it('shows at most eight dots, so the length of a long local part stays hidden', () => {
    expect(maskEmail(`${'a'.repeat(40)}@example.com`)).toBe('a••••••••@example.com');
  });

  it('keeps the country code digit and the last four digits of a number', () => {
    expect(maskPhone('+447911123456')).toBe('+4•••••••3456');
    expect(maskPhone('+12345')).toBe('••••••');
  });

  it('masks something that is not an address without leaking it', () => {
    expect(maskEmail('nonsense')).toBe('••••••••');
  });
});

describe('the change requests', () => {
  it('normalise the new phone as sign-up does and trim the new address', () => {
    const phone = phoneChangeSchema.parse({ new_phone: '+44 7911 123456', ...proof });
    expect(phone.new_phone).toBe('+447911123456');
    const email = emailChangeSchema.parse({ new_email: '  new@example.com ', ...proof });
    expect(email.new_email).toBe('new@example.com');
  });

  it('refuse a bad number, a bad address, a missing proof and unknown fields', () => {
    expect(phoneChangeSchema.safeParse({ new_phone: '07911 123456', ...proof }).success).toBe(false);
    expect(emailChangeSchema.safeParse({ new_email: 'not-an-address', ...proof }).success).toBe(false);
    expect(emailChangeSchema.safeParse({ new_email: 'new@example.com' }).success).toBe(false);
    expect(emailChangeSchema.safeParse({ new_email: 'new@example.com', ...proof, extra: 1 }).success).toBe(
      false,
    );
  });
});
