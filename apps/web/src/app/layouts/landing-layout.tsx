import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { SkipLink } from '../../components/skip-link';
import { usePublicPageSession } from '../../lib/public-session';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';

// The public site's frame. Pages slide in when the visitor moves between them (not with
// prefers-reduced-motion: see global.css); the first page of a visit just appears, so it is
// visible at first paint (and the prerendered home page matches the first render).
export function LandingLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  usePublicPageSession(
    location.pathname,
    useCallback(() => void navigate('/dashboard', { replace: true }), [navigate]),
  );
  const firstPath = useRef(location.pathname);
  const navigated = useRef(false);
  if (location.pathname !== firstPath.current) navigated.current = true;
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', overflowX: 'clip' }}>
      <SkipLink label={t('skip_to_content')} />
      <LandingHeader />
      <main
        id="main-content"
        tabIndex={-1}
        key={location.pathname}
        className={navigated.current ? 'page-transition' : undefined}
        style={{ flex: 1 }}
      >
        <Outlet />
      </main>
      <LandingFooter />
    </div>
  );
}
