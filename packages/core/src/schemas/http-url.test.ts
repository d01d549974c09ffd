import { describe, expect, it } from 'vitest';
import { clientInfoSchema } from '../onboarding/company-profile';
import { httpUrl } from './http-url';

describe('httpUrl', () => {
  it.each(['https://example.com', 'http://shop.example.co.uk/about?x=1', 'HTTPS://EXAMPLE.COM/'])(
    'takes %s',
    (url) => {
      expect(httpUrl().safeParse(url).success).toBe(true);
    },
  );

  it('reads an address typed without its scheme as https', () => {
    expect(httpUrl().parse('example.com')).toBe('https://example.com');
    expect(httpUrl().parse(' www.example.co.uk/shop ')).toBe('https://www.example.co.uk/shop');
    expect(httpUrl().parse('http://example.com')).toBe('http://example.com');
  });

  it.each([
    'javascript:alert(1)',
    'mailto:someone@example.com',
    'example',
    'JavaScript:alert(1)//https://example.com',
    'data:text/html,<script>alert(1)</script>',
    'ftp://example.com',
    'https://exam\r\nple.com',
    'https://example.com/\r\nSet-Cookie: a=b',
    'https://example.com/\ta',
    'https://exa mple.com',
    'https://localhost',
    `https://example.com/${'a'.repeat(200)}`,
  ])('refuses %j', (url) => {
    expect(httpUrl().safeParse(url).success).toBe(false);
  });

  it('guards the company website', () => {
    const info = {
      business_description: 'We sell bicycles to shops',
      expected_monthly_turnover: { amount: 100, currency: 'EUR' },
    };
    expect(clientInfoSchema.safeParse({ ...info, website: 'https://bikes.example' }).success).toBe(true);
    expect(clientInfoSchema.safeParse({ ...info, website: 'javascript:alert(1)' }).success).toBe(false);
    expect(clientInfoSchema.safeParse({ ...info, website: 'https://bikes.example\r\nX: y' }).success).toBe(
      false,
    );
  });
});
