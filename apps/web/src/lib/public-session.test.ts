import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyPublicPageSession, isHomePath, publicPageSession } from './public-session';

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

  afterEach(() => vi.unstubAllGlobals());

  it('asks the API about a session on the home page only when the session hint cookie is there', async () => {
    const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify({ data: {} }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('document', { cookie: 'bp__locale=en' });
    const goToDashboard = vi.fn();
    applyPublicPageSession('/en', goToDashboard);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // An anonymous visitor: no request, so no 401 in the console.
    expect(fetch).not.toHaveBeenCalled();
    vi.stubGlobal('document', { cookie: 'bp__locale=en; bp__token_hint=1' });
    applyPublicPageSession('/en', goToDashboard);
    await vi.waitFor(() => expect(goToDashboard).toHaveBeenCalled());
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/auth/login_check');
  });
});
