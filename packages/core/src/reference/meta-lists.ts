import { z } from 'zod';
import { activityTypes } from './activity-types';

export { type ActivityType, type ActivityTypeCode, activityTypes } from './activity-types';

// The onboarding lists that GET /meta returns (docs/requirements/onboarding.md and
// docs/requirements/api-contract.md). Codes are what the API stores and accepts, so they never
// change once used; names are what a client reads and may be reworded at any time.
export type MetaItem = { code: string; name: string };

// Private clients give a residential address; companies give a registered and a trading one.
// LEGAL is the address the client flag has_legal_address refers to (docs/requirements/onboarding.md).
export const addressTypes = [
  { code: 'LEGAL', name: 'Legal address (registered office or official residence)' },
  { code: 'RESIDENTIAL', name: 'Residential address' },
  { code: 'CORRESPONDENCE', name: 'Correspondence (postal) address' },
  { code: 'BUSINESS', name: 'Business (trading) address' },
  { code: 'HEAD_OFFICE', name: 'Head office address' },
  { code: 'BRANCH', name: 'Branch address' },
  { code: 'PREVIOUS_RESIDENTIAL', name: 'Previous residential address (last 3 years)' },
] as const satisfies readonly MetaItem[];

/** The address types a private person has, and those of a company. */
const PERSONAL_ADDRESS_TYPES = new Set(['LEGAL', 'RESIDENTIAL', 'CORRESPONDENCE', 'PREVIOUS_RESIDENTIAL']);
const COMPANY_ADDRESS_TYPES = new Set(['LEGAL', 'CORRESPONDENCE', 'BUSINESS', 'HEAD_OFFICE', 'BRANCH']);
export function addressTypesFor(clientType: 'PRIVATE' | 'CORPORATE') {
  const kept = clientType === 'PRIVATE' ? PERSONAL_ADDRESS_TYPES : COMPANY_ADDRESS_TYPES;
  return addressTypes.filter((type) => kept.has(type.code));
}

// Who the client expects money from and who they will pay: the registration steps 'incoming
// partners' and 'outgoing partners' (docs/requirements/onboarding.md).
export const clientPartnerTypes = [
  { code: 'INCOMING', name: 'Incoming partner (sends payments to the client)' },
  { code: 'OUTGOING', name: 'Outgoing partner (receives payments from the client)' },
] as const satisfies readonly MetaItem[];

// The people in a business client's company structure. Trust roles are here because a trust
// that owns a client has to be looked through to its settlor, trustees and beneficiaries.
export const clientPersonTypes = [
  { code: 'DIRECTOR', name: 'Director' },
  { code: 'SHAREHOLDER', name: 'Shareholder' },
  { code: 'ULTIMATE_BENEFICIAL_OWNER', name: 'Ultimate beneficial owner (more than 25%)' },
  { code: 'PERSON_WITH_SIGNIFICANT_CONTROL', name: 'Person with significant control' },
  { code: 'AUTHORISED_SIGNATORY', name: 'Authorised signatory' },
  { code: 'SECRETARY', name: 'Company secretary' },
  { code: 'PARTNER', name: 'Partner' },
  { code: 'MEMBER', name: 'Member (LLP or LLC)' },
  { code: 'LEGAL_REPRESENTATIVE', name: 'Legal representative' },
  { code: 'ATTORNEY', name: 'Attorney (holder of a power of attorney)' },
  { code: 'TRUSTEE', name: 'Trustee' },
  { code: 'SETTLOR', name: 'Settlor' },
  { code: 'PROTECTOR', name: 'Protector' },
  { code: 'BENEFICIARY', name: 'Beneficiary' },
  { code: 'CONTACT_PERSON', name: 'Contact person' },
] as const satisfies readonly MetaItem[];

export const sourceOfWealthTypes = [
  { code: 'SALARY', name: 'Salary and employment income' },
  { code: 'SELF_EMPLOYMENT', name: 'Self-employment income' },
  { code: 'BUSINESS_PROFITS', name: 'Business profits or dividends' },
  { code: 'SAVINGS', name: 'Savings' },
  { code: 'INVESTMENTS', name: 'Investments and their returns' },
  { code: 'INHERITANCE', name: 'Inheritance' },
  { code: 'PROPERTY_SALE', name: 'Sale of property' },
  { code: 'BUSINESS_SALE', name: 'Sale of a business or of shares in it' },
  { code: 'PENSION', name: 'Pension' },
  { code: 'GIFT', name: 'Gift' },
  { code: 'LOAN', name: 'Loan' },
  { code: 'DIVORCE_SETTLEMENT', name: 'Divorce settlement' },
  { code: 'COMPENSATION', name: 'Compensation or insurance payout' },
  { code: 'WINNINGS', name: 'Lottery or gambling winnings' },
  { code: 'CRYPTO_ASSETS', name: 'Sale of crypto-assets' },
  { code: 'OTHER', name: 'Other' },
] as const satisfies readonly MetaItem[];

// The photo identity documents the identity-check provider accepts for a natural person.
export const identificationDocumentTypes = [
  { code: 'PASSPORT', name: 'Passport' },
  { code: 'NATIONAL_IDENTITY_CARD', name: 'National identity card' },
  { code: 'DRIVING_LICENCE', name: 'Driving licence' },
  { code: 'RESIDENCE_PERMIT', name: 'Residence permit' },
] as const satisfies readonly MetaItem[];

// The documents a client uploads in the 'company documents' step and later on request.
export const documentTypes = [
  { code: 'CERTIFICATE_OF_INCORPORATION', name: 'Certificate of incorporation' },
  { code: 'MEMORANDUM_AND_ARTICLES', name: 'Memorandum and articles of association' },
  { code: 'REGISTER_OF_DIRECTORS', name: 'Register of directors' },
  { code: 'REGISTER_OF_SHAREHOLDERS', name: 'Register of shareholders (members)' },
  { code: 'CERTIFICATE_OF_GOOD_STANDING', name: 'Certificate of good standing or incumbency' },
  { code: 'OWNERSHIP_STRUCTURE_CHART', name: 'Ownership structure chart' },
  { code: 'BOARD_RESOLUTION', name: 'Board resolution to open the account' },
  { code: 'TRUST_DEED', name: 'Trust deed' },
  { code: 'PARTNERSHIP_AGREEMENT', name: 'Partnership agreement' },
  { code: 'PROOF_OF_ADDRESS', name: 'Proof of address (dated within 3 months)' },
  { code: 'BANK_STATEMENT', name: 'Bank statement' },
  { code: 'FINANCIAL_STATEMENTS', name: 'Financial statements' },
  { code: 'SOURCE_OF_FUNDS_EVIDENCE', name: 'Source of funds evidence' },
  { code: 'SOURCE_OF_WEALTH_EVIDENCE', name: 'Source of wealth evidence' },
  { code: 'TAX_RESIDENCY', name: 'Tax residency certificate or self-certification' },
  { code: 'BUSINESS_PLAN', name: 'Business plan' },
  { code: 'CONTRACT_OR_INVOICE', name: 'Contract or invoice with a partner' },
  { code: 'LICENCE', name: 'Licence or regulatory authorisation' },
  { code: 'AML_POLICY', name: 'Anti-money laundering policy' },
  { code: 'POWER_OF_ATTORNEY', name: 'Power of attorney' },
  { code: 'OTHER', name: 'Other' },
] as const satisfies readonly MetaItem[];

export type AddressTypeCode = (typeof addressTypes)[number]['code'];
export type ClientPartnerTypeCode = (typeof clientPartnerTypes)[number]['code'];
export type ClientPersonTypeCode = (typeof clientPersonTypes)[number]['code'];
export type SourceOfWealthTypeCode = (typeof sourceOfWealthTypes)[number]['code'];
export type IdentificationDocumentTypeCode = (typeof identificationDocumentTypes)[number]['code'];
export type DocumentTypeCode = (typeof documentTypes)[number]['code'];

/** The lists under the keys GET /meta answers with (docs/requirements/accounts.md, 'Metadata'). */
export const metaLists = {
  address_types: addressTypes,
  client_partner_types: clientPartnerTypes,
  client_person_types: clientPersonTypes,
  activity_types: activityTypes,
  source_of_wealth_types: sourceOfWealthTypes,
  identification_document_types: identificationDocumentTypes,
  document_types: documentTypes,
} as const;

/**
 * A schema accepting exactly the codes of one list, so the web form and the API route refuse
 * the same values: `metaCodeSchema(addressTypes)` parses to `AddressTypeCode`.
 */
export function metaCodeSchema<const Code extends string>(list: readonly { code: Code }[]) {
  return z.literal(
    list.map((item) => item.code),
    { error: 'Unknown code' },
  );
}
