import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './client-session';

describe('the page a log-in returns to', () => {
  it('is a dashboard page, with its query', () => {
    expect(safeReturnPath('/dashboard/tickets/new')).toBe('/dashboard/tickets/new');
    expect(safeReturnPath('/dashboard/payments/sepa?recipient=5b0a')).toBe(
      '/dashboard/payments/sepa?recipient=5b0a',
    );
  });

  it('is Home for anything else: another site, a public page, a trick path', () => {
    for (const next of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/en/login',
      '/dashboard/../x',
      '/dashboardx',
      '/dashboard//evil',
    ])
      expect(safeReturnPath(next)).toBe('/dashboard');
  });
});
