import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { isLanguageLoaded, loadLanguage } from '../lib/load-language';
import { currentDetectedLocale, localeByCode, localePath, rememberLocale } from '../lib/locales';

// The `:locale` segment of public paths. A path without a known locale (`#/faq`) is sent to
// the same page in the visitor's language (`#/de/faq`); a known one switches the language and
// is remembered for 365 days.
export function LocaleGate() {
  const { locale: code } = useParams();
  const location = useLocation();
  const locale = localeByCode(code);
  // Ready at once when the language is already loaded (English, bundled): the first render
  // then matches the prerendered home page, which main.tsx hydrates.
  const [ready, setReady] = useState(() => Boolean(locale && isLanguageLoaded(locale.language)));

  useEffect(() => {
    if (!locale) return;
    rememberLocale(locale);
    if (isLanguageLoaded(locale.language)) {
      document.documentElement.lang = locale.language;
      setReady(true);
      return;
    }
    setReady(false);
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
