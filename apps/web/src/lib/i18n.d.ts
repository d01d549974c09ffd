import 'i18next';
import type backoffice from '../backoffice/locales/en-GB/backoffice.json';
import type auth from '../locales/en-GB/auth.json';
import type common from '../locales/en-GB/common.json';
import type dashboard from '../locales/en-GB/dashboard.json';
import type marketing from '../locales/en-GB/marketing.json';
import type onboarding from '../locales/en-GB/onboarding.json';
import type payments from '../locales/en-GB/payments.json';
import type settings from '../locales/en-GB/settings.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    // The back office (backoffice.html) has its own i18next instance with this namespace only.
    resources: {
      common: typeof common;
      marketing: typeof marketing;
      dashboard: typeof dashboard;
      backoffice: typeof backoffice;
      auth: typeof auth;
      onboarding: typeof onboarding;
      payments: typeof payments;
      settings: typeof settings;
    };
  }
}
