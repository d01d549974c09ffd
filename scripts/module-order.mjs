// The API's declared order of modules and the owner of every table (docs/architecture.md,
// "Direction"; docs/decisions/0048-module-order.md), as data the boundary check reads
// (boundary-rules.mjs). Placing a new module or a new table is an edit here.

/**
 * The API's modules, bottom floor first. A module imports only modules listed before it (on a lower
 * floor, or earlier on its own). Below them all stands the platform: lib/, db/ and config.ts, which
 * import no module. A lower module that must tell a higher one something declares a hook
 * (lib/hooks.ts) that the composition root (module-hooks.ts) registers the higher one's handler on.
 */
export const MODULE_FLOORS = [
  { floor: 'records', modules: ['ledger', 'audit', 'outbox', 'attachments', 'notifications', 'meta'] },
  { floor: 'identity', modules: ['auth', 'sca', 'operators'] },
  { floor: 'parties', modules: ['clients', 'accounts', 'tickets', 'waitlist', 'recipients'] },
  { floor: 'payments', modules: ['rails', 'fx-rates', 'payments'] },
  { floor: 'products', modules: ['exchange', 'batches', 'statements', 'fees', 'escrow', 'deactivation'] },
  { floor: 'back office', modules: ['onboarding-review', 'adjustments', 'bank-statements', 'reporting'] },
];
export const MODULE_ORDER = MODULE_FLOORS.flatMap(({ modules }) => modules);

/**
 * Who owns each table: only the owner writes it (INSERT, UPDATE, DELETE, MERGE, TRUNCATE, LOCK,
 * COPY). Others call the owner's functions or use an SQL fragment it exports. `lib` and `db` are the
 * platform's own tables. A table a migration creates and nobody owns is refused too.
 */
export const TABLE_OWNERS = {
  db: ['schema_migrations'],
  lib: ['app_state', 'idempotency_keys'],
  ledger: [
    'ledger_accounts',
    'ledger_balances',
    'ledger_transfers',
    'ledger_entries',
    'ledger_account_freezes',
  ],
  audit: ['audit_log'],
  outbox: ['outbox_messages', 'email_unsubscribes'],
  attachments: ['attachments', 'attachment_contents'],
  notifications: ['client_notifications'],
  auth: ['auth_challenges', 'sessions', 'login_lockouts', 'altcha_used_challenges', 'recovery_codes'],
  operators: ['operators', 'operator_invitations'],
  clients: [
    'clients',
    'client_addresses',
    'client_documents',
    'company_profile_sections',
    'identification_submissions',
    'related_persons',
    'related_clients',
  ],
  accounts: ['account_groups', 'client_accounts', 'client_fees', 'incoming_payers'],
  tickets: ['support_tickets', 'support_ticket_messages', 'support_ticket_attachments'],
  waitlist: ['card_waitlist'],
  recipients: ['recipients'],
  rails: ['rail_submissions', 'payment_files'],
  'fx-rates': ['fx_rates', 'fx_rate_history'],
  payments: ['payments', 'payment_events'],
  exchange: ['fx_exchanges'],
  batches: ['payment_batches', 'payment_batch_rows'],
  statements: ['monthly_statements'],
  fees: ['fee_runs', 'reference_letters'],
  escrow: [
    'escrow_deals',
    'escrow_conditions',
    'escrow_documents',
    'escrow_events',
    'escrow_changes',
    'escrow_proposals',
  ],
  deactivation: ['deactivation_requests'],
  'onboarding-review': ['operator_reviews'],
  adjustments: ['manual_adjustments', 'manual_credits', 'single_operator_credits'],
  'bank-statements': ['bank_credits', 'bank_statement_balances', 'bank_statement_imports'],
  reporting: ['safeguarding_reconciliations'],
};
const OWNER_OF = new Map(
  Object.entries(TABLE_OWNERS).flatMap(([owner, tables]) => tables.map((table) => [table, owner])),
);
export const ownerOf = (table) => OWNER_OF.get(table);
