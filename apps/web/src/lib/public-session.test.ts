import { describe, expect, it } from 'vitest';
import { isHomePath, publicPageSession } from './public-session';

describe('the session on the public site', () => {
  it('knows the home page in every locale', () => {
    for (const path of ['/', '', '/en', '/de/', '/en//']) expect(isHomePath(path)).toBe(true);
    for (const path of ['/en/faq', '/faq', '/login', '/xx', '/en/card']) expect(isHomePath(path)).toBe(false);
  });

  it('sends a logged-in client from the home page to the dashboard and ends the session elsewhere', () => {
    expect(publicPageSession('/en')).toBe('dashboard_if_logged_in');
    expect(publicPageSession('/en/faq')).toBe('end_session');
    expect(publicPageSession('/de/login')).toBe('end_session');
  });
});
