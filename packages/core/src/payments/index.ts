export * from './backoffice-payment-schemas';
export * from './batch-schemas';
export * from './payee-risk';
export * from './payment-preview-schemas';
export * from './payment-schemas';
export * from './payment-text';
export * from './recipient-responses';
export * from './recipient-schemas';
