import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  type MantineThemeOverride,
  mergeThemeOverrides,
} from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import { useEffect, useMemo, useState } from 'react';

// Brand blue, light to dark. Shade 8 (light) and 7 (dark) carry white text at better than
// 4.5:1, so every filled button passes WCAG AA.
const brandBlue: MantineColorsTuple = [
  '#eaf1ff',
  '#d3e0fd',
  '#a5bff5',
  '#749cee',
  '#4b7ee8',
  '#316ce5',
  '#2262e4',
  '#1c4ed8',
  '#1843b5',
  '#0f3590',
];

// docs/requirements/tariff.md: no dropdown narrower than 160 px, neither the field nor its open
// list. Set by component name, so the theme does not pull the select components into pages
// that show none.
export const DROPDOWN_MIN_WIDTH = 160;
const dropdownWidth = {
  styles: { root: { minWidth: DROPDOWN_MIN_WIDTH }, dropdown: { minWidth: DROPDOWN_MIN_WIDTH } },
};
const selectStyles = { root: { minWidth: DROPDOWN_MIN_WIDTH } };

export const BADGE_STYLES = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.3 },
} as const;

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 8, dark: 7 },
  colors: { brand: brandBlue },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  // Visitors who ask their system for reduced motion get drawers, modals and menus without
  // their slide and fade (and axe checks an open panel, not one still moving in).
  respectReducedMotion: true,
  components: {
    Select: dropdownWidth,
    MultiSelect: dropdownWidth,
    Autocomplete: dropdownWidth,
    NativeSelect: { styles: selectStyles },
    Combobox: { styles: { dropdown: { minWidth: DROPDOWN_MIN_WIDTH } } },
    // A badge says a state in words: it wraps onto a second line in a narrow cell rather than
    // cut its text off ("WAITING FOR SUPP…").
    Badge: { styles: BADGE_STYLES },
    Menu: { styles: { dropdown: { minWidth: DROPDOWN_MIN_WIDTH } } },
  },
});

// Mantine's default dimmed grey (gray.6), error red (red.6) and placeholder grey (gray.5, which a
// file field shows as text: "Choose a file") are below 4.5:1 on white; the darker shades pass AA,
// so a field in error, its message and an empty file field stay readable.
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': current.colors.gray[7] ?? '#495057',
    '--mantine-color-error': current.colors.red[9] ?? '#c92a2a',
    '--mantine-color-placeholder': current.colors.gray[7] ?? '#495057',
  },
  dark: {},
});

/**
 * The theme with the words Mantine's dialogs and drawers leave out: their × button has no name
 * of its own, so a screen reader would announce a nameless button. `closeKey` is the app's
 * locale key for "Close"; the theme follows the language when it changes.
 */
export function useLocalisedTheme(i18n: I18n, closeKey: string): MantineThemeOverride {
  const [language, setLanguage] = useState(i18n.language);
  useEffect(() => {
    i18n.on('languageChanged', setLanguage);
    return () => i18n.off('languageChanged', setLanguage);
  }, [i18n]);
  return useMemo(() => {
    const closeButtonProps = { 'aria-label': i18n.t(closeKey, { lng: language }) };
    return mergeThemeOverrides(theme, {
      components: {
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
      },
    });
  }, [i18n, closeKey, language]);
}
