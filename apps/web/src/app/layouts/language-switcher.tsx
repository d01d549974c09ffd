import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { localeByCode, localePath, locales, rememberLocale, usesLocalePrefix } from '../../lib/locales';
import { useLocale } from '../../lib/use-locale';

// Switches to the same page in another language and remembers the choice (docs/requirements/public-site.md).
// A plain <select> styled like Mantine's inputs (global.css): Mantine's input machinery would
// add several kilobytes to every public page for one control.
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  if (!usesLocalePrefix) return null;
  const rest = location.pathname.replace(new RegExp(`^/${current.code}(?=/|$)`), '') || '/';
  return (
    <select
      className="language-select"
      aria-label={t('nav.language')}
      value={current.code}
      onChange={(event) => {
        const next = localeByCode(event.currentTarget.value);
        if (!next) return;
        rememberLocale(next);
        navigate(localePath(next, rest));
      }}
    >
      {locales.map((locale) => (
        <option key={locale.code} value={locale.code} lang={locale.language}>
          {locale.label}
        </option>
      ))}
    </select>
  );
}
