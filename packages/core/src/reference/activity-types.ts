// A meta-list item (meta-lists.ts) with its risk flag; written out so the two files do not import each other.
export type ActivityType = { code: string; name: string; high_risk: boolean };

// A business client's main activity. The general sectors follow the sections of NACE Rev. 2
// (the EU classification that UK SIC 2007 mirrors), so a client finds the line that matches the
// code on its company register entry. The activities after them are split out of those sections
// because the UK National Risk Assessment and FATF guidance rate them as higher money-laundering
// risk: they get enhanced due diligence. Real estate stays in its section but is flagged for the
// same reason. Compliance owns the high_risk flags; change them here, not in the API.
export const activityTypes = [
  { code: 'AGRICULTURE', name: 'Agriculture, forestry and fishing', high_risk: false },
  { code: 'MINING', name: 'Mining and quarrying', high_risk: false },
  { code: 'MANUFACTURING', name: 'Manufacturing', high_risk: false },
  { code: 'ENERGY_SUPPLY', name: 'Electricity, gas, steam and air conditioning supply', high_risk: false },
  { code: 'WATER_AND_WASTE', name: 'Water supply, sewerage and waste management', high_risk: false },
  { code: 'CONSTRUCTION', name: 'Construction', high_risk: false },
  { code: 'TRADE', name: 'Wholesale and retail trade, repair of motor vehicles', high_risk: false },
  { code: 'TRANSPORT', name: 'Transportation and storage', high_risk: false },
  { code: 'ACCOMMODATION_AND_FOOD', name: 'Accommodation and food services', high_risk: false },
  { code: 'INFORMATION_AND_COMMUNICATION', name: 'Information and communication', high_risk: false },
  { code: 'FINANCE_AND_INSURANCE', name: 'Financial and insurance activities', high_risk: false },
  { code: 'REAL_ESTATE', name: 'Real estate activities', high_risk: true },
  {
    code: 'PROFESSIONAL_SERVICES',
    name: 'Professional, scientific and technical activities',
    high_risk: false,
  },
  { code: 'ADMINISTRATIVE_SERVICES', name: 'Administrative and support services', high_risk: false },
  { code: 'PUBLIC_ADMINISTRATION', name: 'Public administration and defence', high_risk: false },
  { code: 'EDUCATION', name: 'Education', high_risk: false },
  { code: 'HEALTH_AND_SOCIAL_WORK', name: 'Human health and social work', high_risk: false },
  { code: 'ARTS_AND_RECREATION', name: 'Arts, entertainment and recreation', high_risk: false },
  { code: 'OTHER_SERVICES', name: 'Other service activities', high_risk: false },
  {
    code: 'CRYPTO_ASSET_SERVICES',
    name: 'Crypto-asset exchange, custody or wallet services',
    high_risk: true,
  },
  { code: 'GAMBLING', name: 'Gambling, betting and gaming', high_risk: true },
  { code: 'MONEY_SERVICES', name: 'Money transfer and currency exchange', high_risk: true },
  { code: 'PAYMENT_SERVICES', name: 'Payment and e-money services', high_risk: true },
  {
    code: 'PRECIOUS_METALS_AND_STONES',
    name: 'Precious metals, stones or jewellery dealing',
    high_risk: true,
  },
  { code: 'ART_AND_ANTIQUES', name: 'Art and antiques dealing', high_risk: true },
  { code: 'ARMS_AND_DEFENCE', name: 'Arms, ammunition and defence equipment', high_risk: true },
  { code: 'TRUST_AND_COMPANY_SERVICES', name: 'Trust and company service provision', high_risk: true },
  { code: 'ADULT_ENTERTAINMENT', name: 'Adult entertainment', high_risk: true },
  { code: 'CHARITY', name: 'Charity or non-profit organisation', high_risk: true },
] as const satisfies readonly ActivityType[];

export type ActivityTypeCode = (typeof activityTypes)[number]['code'];
