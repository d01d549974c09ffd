import { describe, expect, it } from 'vitest';
import { loginCodeOf } from './login-code';

describe('loginCodeOf', () => {
  it('takes six digits as the code of the app, an e-mail or an SMS', () => {
    expect(loginCodeOf(' 123456 ', false)).toBe('123456');
    expect(loginCodeOf('12345', false)).toBeUndefined();
    expect(loginCodeOf('7KQ4M-X2P9D', false)).toBeUndefined();
  });

  it('takes a recovery code as typed and sends it as stored', () => {
    expect(loginCodeOf('7kq4m-x2p9d', true)).toBe('7KQ4MX2P9D');
    expect(loginCodeOf('7KQ4M X2P9D', true)).toBe('7KQ4MX2P9D');
    expect(loginCodeOf('123456', true)).toBeUndefined();
  });
});
