import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { loadLanguage } from '../lib/load-language';
import { currentDetectedLocale, localeByCode, localePath, rememberLocale } from '../lib/locales';

// The `:locale` segment of public paths. A path without a known locale (`#/faq`) is sent to
// the same page in the visitor's language (`#/de/faq`); a known one switches the language and
// is remembered for 365 days.
export function LocaleGate() {
  const { locale: code } = useParams();
  const location = useLocation();
  const locale = localeByCode(code);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!locale) return;
    setReady(false);
    rememberLocale(locale);
    void loadLanguage(locale.language).then(() => setReady(true));
  }, [locale]);

  if (!locale) {
    return (
      <Navigate replace to={`${localePath(currentDetectedLocale(), location.pathname)}${location.search}`} />
    );
  }
  return ready ? <Outlet /> : null;
}

/** `#/` goes to the home page in the visitor's language. */
export function RedirectToLocale() {
  return <Navigate replace to={localePath(currentDetectedLocale(), '/')} />;
}
