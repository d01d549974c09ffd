import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { localeByCode, localePath, locales, rememberLocale, usesLocalePrefix } from '../../lib/locales';
import { useLocale } from '../../lib/use-locale';

// Switches to the same page in another language and remembers the choice (spec section 1).
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  if (!usesLocalePrefix) return null;
  const rest = location.pathname.replace(new RegExp(`^/${current.code}(?=/|$)`), '') || '/';
  return (
    <NativeSelect
      aria-label={t('nav.language')}
      value={current.code}
      onChange={(event) => {
        const next = localeByCode(event.currentTarget.value);
        if (!next) return;
        rememberLocale(next);
        navigate(localePath(next, rest));
      }}
      data={locales.map((locale) => ({ value: locale.code, label: locale.label }))}
      w={110}
    />
  );
}
