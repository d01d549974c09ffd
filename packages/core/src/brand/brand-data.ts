import type { Brand } from './brand-schema';

// The demo operator is fictional: the name, numbers and address belong to nobody. A real
// deployment replaces this one file. Figures follow the published tariff of docs/requirements/tariff.md.
// Kept apart from the schema so the web app can ship the data without the validator (the API
// parses it at start, and brand.test.ts proves it parses).
export const demoBrand = {
  trading_name: 'Bluepeak',
  legal_name: 'Bluepeak Payments Ltd',
  company_number: '00000000',
  frn: '900000',
  regulatory_statement:
    'Bluepeak Payments Ltd (a fictional company used for demonstration) is authorised by the Financial Conduct ' +
    'Authority under the Electronic Money Regulations 2011 for the issuing of electronic money (FRN 900000). ' +
    'Electronic money is not covered by the Financial Services Compensation Scheme; client funds are safeguarded ' +
    'in segregated accounts.',
  registered_address: { lines: ['1 Example Yard', 'London'], postcode: 'EC1A 1AA', country: 'GB' },
  support_email: 'support@bluepeak.example',
  support_phone: '+44 20 7946 0000',
  support_hours: {
    first_day: 'monday',
    last_day: 'friday',
    opens: '10:00',
    closes: '17:00',
    time_zone: 'Europe/London',
  },
  online_days_per_week: 7,
  bank: { bic: 'BLPKGB2L', iban_bank_code: 'BLPK', sort_code: '040099' },
  colors: { primary: '#1c4ed8' },
  tariff: {
    currency: 'EUR',
    account: {
      opening: { UK: 5_000, EEA: 25_000, INTERNATIONAL: 80_000 },
      monthly: { UK: 1_000, EEA: 5_000, INTERNATIONAL: 10_000 },
      closing: { UK: 0, EEA: 0, INTERNATIONAL: 0 },
    },
    reference_letter: { UK: 0, EEA: 1_500, INTERNATIONAL: 3_000 },
    fx_markup_ppm: 10_000,
    holding_fee_ppm_of_average_balance: 833,
    incoming: {
      international: { rate_ppm: 2_000, minimum: 0 },
      eea: { rate_ppm: 1_500, minimum: 2_000 },
    },
    outgoing: { sepa_fixed: 500, international: { fixed: 7_500, rate_ppm: 2_000, minimum: 7_500 } },
    high_risk_surcharge_ppm: 8_000,
    escrow: {
      opening: { rate_ppm: 10_000, minimum_standard: 20_000, minimum_non_standard: 80_000 },
      document_verification: 20_000,
      servicing: { standard: 0, non_standard: 15_000 },
      changes: { standard: 5_000, non_standard: 7_000 },
    },
    card: { daily_withdrawal_limit: 100_000, available_from: '2022' },
  },
} satisfies Brand;
