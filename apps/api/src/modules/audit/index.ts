// The append-only audit log: every change of state, by whom, from where (the only writer of
// audit_log).

export { type AuditEntry, auditInsertSql, writeAuditEntry } from './write-audit-entry';
