export { type AuditEntry, writeAuditEntry } from './write-audit-entry';
