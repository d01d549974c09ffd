export * from './brand-data';
export * from './brand-schema';
export * from './demo-brand';
export * from './tariff-schema';
