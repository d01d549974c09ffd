// The one place the web app reads the operator's brand and tariff (packages/core), so the
// published fees and the ones the API charges come from the same object. The data is imported
// without its zod schema to keep the validator out of the public pages' bundle; the API
// validates the same object at start.
export type { Brand } from '@bluepeak/core/brand';
export { demoBrand as brand } from '@bluepeak/core/brand-data';
