import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../locales/en-GB/common.json';
import marketing from '../locales/en-GB/marketing.json';

// All user-visible text comes from the locale files, so a second language is a new folder.
export const defaultLanguage = 'en-GB';
export const resources = { 'en-GB': { common, marketing } } as const;

void i18n.use(initReactI18next).init({
  resources,
  lng: defaultLanguage,
  fallbackLng: defaultLanguage,
  defaultNS: 'common',
  ns: ['common', 'marketing'],
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18n };
