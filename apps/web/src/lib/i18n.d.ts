import 'i18next';
import type common from '../locales/en-GB/common.json';
import type marketing from '../locales/en-GB/marketing.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof common; marketing: typeof marketing };
  }
}
