import { describe, expect, it } from 'vitest';
import { loginVerifySchema } from './login';
import { formatRecoveryCode, normaliseRecoveryCode, recoveryCodeSchema } from './recovery-codes';

describe('recovery codes', () => {
  it('reads a code as typed: any case, with or without the dash and spaces', () => {
    for (const typed of ['7KQ4M-X2P9D', '7kq4m-x2p9d', '7KQ4MX2P9D', ' 7kq4m x2p9d '])
      expect(recoveryCodeSchema.parse(typed)).toBe('7KQ4MX2P9D');
  });

  it("reads Crockford's look-alikes as the digits they stand for", () => {
    expect(normaliseRecoveryCode('o0il1-ABCDE')).toBe('00111ABCDE');
  });

  it('refuses a code of the wrong length or with a letter the alphabet has not', () => {
    for (const bad of ['7KQ4M-X2P9', '7KQ4M-X2P9DD', '7KQ4M-X2P9U', '7KQ4M_X2P9D', ''])
      expect(recoveryCodeSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('shows a code as two groups of five', () => {
    expect(formatRecoveryCode('7KQ4MX2P9D')).toBe('7KQ4M-X2P9D');
  });

  it('lets the log-in take a six-digit code or a recovery code', () => {
    const challenge_id = '00000000-0000-4000-8000-000000000000';
    expect(loginVerifySchema.parse({ challenge_id, code: '123456' }).code).toBe('123456');
    expect(loginVerifySchema.parse({ challenge_id, code: '7kq4m-x2p9d' }).code).toBe('7KQ4MX2P9D');
    expect(loginVerifySchema.safeParse({ challenge_id, code: '12345' }).success).toBe(false);
  });
});
