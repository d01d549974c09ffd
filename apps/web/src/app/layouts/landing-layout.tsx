import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';

// The public site's frame. Pages slide in (not with prefers-reduced-motion: see global.css).
export function LandingLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', overflowX: 'clip' }}>
      <a className="skip-link" href="#main-content">
        {t('skip_to_content')}
      </a>
      <LandingHeader />
      <main
        id="main-content"
        tabIndex={-1}
        key={location.pathname}
        className="page-transition"
        style={{ flex: 1 }}
      >
        <Outlet />
      </main>
      <LandingFooter />
    </div>
  );
}
