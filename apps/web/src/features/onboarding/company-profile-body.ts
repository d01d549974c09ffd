import { parseMoneyInput } from '@bluepeak/core/money';
import { companyProfileSchema } from '@bluepeak/core/onboarding';
import type { AddressValues } from '../../components/address-fields';
import type { PartnerRow, PersonRow } from '../../components/company-rows';
import { type FieldErrors, issuesToFieldErrors } from '../../lib/form-errors';

export type CompanyProfileValues = {
  address: AddressValues;
  activities: string[];
  description: string;
  website: string;
  turnover: string;
  incoming: PartnerRow[];
  outgoing: PartnerRow[];
  people: PersonRow[];
};

/**
 * The form's strings as the body of POST /client/company_profile, checked by the shared schema;
 * the turnover is parsed into integer minor units, and a turnover that is no amount says so.
 */
export function checkCompanyProfile(values: CompanyProfileValues, turnoverInvalid: string) {
  const amount = parseMoneyInput(values.turnover.trim(), 2);
  const body = {
    legal_address: { type: 'LEGAL', ...values.address },
    activity_types: values.activities,
    client_info: {
      business_description: values.description,
      ...(values.website.trim() ? { website: values.website.trim() } : {}),
      expected_monthly_turnover: { amount: amount.ok ? amount.amount : -1, currency: 'EUR' },
    },
    incoming_partners: values.incoming,
    outgoing_partners: values.outgoing,
    company_structure: values.people.map(({ ownership_percent, ...person }) =>
      ownership_percent.trim() === ''
        ? person
        : { ...person, ownership_percent: Number.parseInt(ownership_percent, 10) },
    ),
  };
  const parsed = companyProfileSchema.safeParse(body);
  const errors: FieldErrors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
  if (!amount.ok) errors['client_info.expected_monthly_turnover'] = turnoverInvalid;
  return { body, errors };
}
