// The append-only audit log: every change of state, by whom, from where (the only writer of
// audit_log).

import type { ModuleManifest } from '../../lib/module-manifest';

export { type AuditEntry, auditInsertSql, writeAuditEntry } from './audit-log-rows';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'audit',
};
