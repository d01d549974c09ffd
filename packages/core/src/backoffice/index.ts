// The operator back office's shared rules and schemas (docs/requirements/back-office.md): roles and
// permissions, the audit-log search, operator management, reporting and the compliance requirements
// placed on a client. Imported as `@bluepeak/core/backoffice` so the client bundle never carries
// them.
export * from './adjustment-responses';
export * from './application-gaps';
export * from './audit-log';
export * from './bank-statements';
export * from './client-requirements';
export * from './client-review-responses';
export * from './currency';
export * from './money-actions';
export * from './operator-responses';
export * from './operators';
export * from './page';
export * from './reporting';
export * from './reporting-responses';
export * from './roles';
