// The one place the web app reads the operator's brand and tariff (packages/core), so the
// published fees and the ones the API charges come from the same object.
export { type Brand, brand } from '@bluepeak/core/brand';
