// Back-office roles and what each may do (docs/requirements/back-office.md, least privilege). The
// API refuses with 403 what a role cannot do, and the back-office web app hides it, from this one
// table.
export const operatorRoles = ['compliance', 'payments', 'support', 'admin'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

/** Who may do what; an administrator may do everything, so `admin` is never listed. */
export const backofficePermissions = {
  /**
   * Review queues, the client search and a client's record (support reads it to help the client;
   * payments to credit incoming money and propose adjustments on the right client's account).
   */
  viewClients: ['compliance', 'support', 'payments'],
  /** Uploaded identity and company documents. */
  viewDocuments: ['compliance'],
  /** Approve or reject applications and identifications; ask for a data update. */
  decideClients: ['compliance'],
  /** Review clients' account-deactivation requests: approve (close the accounts) or reject. */
  reviewDeactivations: ['compliance'],
  /** The audit log. */
  viewAudit: ['compliance'],
  /** The ledger check and the safeguarding reconciliation. */
  viewReports: ['compliance', 'payments'],
  /** Record the day's safeguarding reconciliation (with the bank's balances). */
  recordReconciliation: ['payments'],
  /** Incoming payments as the partner bank reports them. */
  recordIncomingPayment: ['payments'],
  /** The bank's statement files, the unmatched-credit queue (assign, return). */
  importBankStatements: ['payments'],
  /** The second pair of eyes on a credit typed by hand or assigned above the threshold. */
  approveIncomingCredit: ['payments', 'compliance'],
  /** Manual ledger adjustments: one operator proposes, a different one approves. */
  proposeAdjustment: ['payments'],
  approveAdjustment: ['payments', 'compliance'],
  /** The payments queue (hold, release, void, return), the rails' channels and ISO 20022 files. */
  managePayments: ['payments'],
  /** Clients' messages (support tickets): read and answer them. */
  answerTickets: ['support', 'compliance'],
  /**
   * The escrow desk: verify deals' conditions, propose a release or refund, and approve one
   * proposed by another operator (never one's own).
   */
  manageEscrow: ['payments', 'compliance'],
  /** Operators: list, create, deactivate. */
  manageOperators: [],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type BackofficePermission = keyof typeof backofficePermissions;

/** Whether an operator holding `roles` may do `permission`. */
export function hasPermission(roles: readonly string[], permission: BackofficePermission): boolean {
  if (roles.includes('admin')) return true;
  const allowed: readonly string[] = backofficePermissions[permission];
  return allowed.some((role) => roles.includes(role));
}
