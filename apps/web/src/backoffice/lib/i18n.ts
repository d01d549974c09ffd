import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type ErrorWords, errorText } from '../../lib/error-text';
import type { FormWords } from '../../lib/form-words';
import backoffice from '../locales/en-GB/backoffice.json';

// The back office's own i18next instance: operators read English
// (docs/requirements/back-office.md), and none of the client site's text is bundled here. Text
// still comes from a locale file, never a component.
export const backofficeI18n: i18n = createInstance();
void backofficeI18n.use(initReactI18next).init({
  resources: { 'en-GB': { backoffice } },
  lng: 'en-GB',
  fallbackLng: 'en-GB',
  defaultNS: 'backoffice',
  ns: ['backoffice'],
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The back office's words for lib/error-text.ts. */
export const operatorWords: ErrorWords = (key, options) => backofficeI18n.t(key, options);

/** The shared forms' words (lib/form-words.ts): operators read core's English sentences as they are. */
export const operatorFormWords: FormWords = {
  validation: (message) => message,
  refusal: (error) => errorText(error, operatorWords),
};
