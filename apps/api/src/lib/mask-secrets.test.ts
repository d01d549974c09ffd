import { describe, expect, it } from 'vitest';
import { maskSecrets } from './mask-secrets';

describe('maskSecrets', () => {
  it('masks IBANs, card numbers and secret query values', () => {
    expect(maskSecrets('/api/client/iban/GB33BUKB20201555555555/check')).toBe(
      '/api/client/iban/GB33…5555/check',
    );
    expect(maskSecrets('/x?card=4111111111111111')).toBe('/x?card=4111…1111');
    expect(maskSecrets('/confirm/email?hash=abc123&lang=en')).toBe('/confirm/email?hash=[redacted]&lang=en');
    expect(maskSecrets('/api/health')).toBe('/api/health');
  });
});
