import type { BackofficePermission } from '@bluepeak/core/backoffice';

// Who may call each route of the API, declared once (docs/architecture.md, "Principals and sessions"). The authorisation
// matrix test (authorisation-matrix.test.ts) collects every route the app registers and calls
// each as anonymous, two approved clients and an operator of every role; a route missing from
// this table fails that test, so a new route cannot ship without saying who may call it.
//
//   anyone    no session needed (sign-up, log-in, links sent by e-mail, reference data)
//   demo      anyone, and only while DEMO_MODE is on (the route does not exist otherwise)
//   client    a client session; `owns` names the object behind the path's id, which must be
//             the caller's own: another client's id is a 404, so nothing can be enumerated
//   operator  an operator session; `may` names the permission of core's role table the route
//             needs (admin holds them all), none means any operator

export type OwnedObject =
  | 'account'
  | 'payment'
  | 'recipient'
  | 'ticket'
  | 'document'
  | 'exchange'
  | 'related_person';

export type Access =
  | { who: 'anyone' }
  | { who: 'demo' }
  | { who: 'client'; owns?: OwnedObject }
  | { who: 'operator'; may?: BackofficePermission };

const anyone: Access = { who: 'anyone' };
const client: Access = { who: 'client' };
const owns = (object: OwnedObject): Access => ({ who: 'client', owns: object });
const operator = (may?: BackofficePermission): Access =>
  may ? { who: 'operator', may } : { who: 'operator' };

export const routeAccess: Record<string, Access> = {
  // Reference, health and the API's own documentation.
  'GET /api/health': anyone,
  'GET /api/meta': anyone,
  'GET /api/meta/document_types': anyone,
  'GET /api/meta/active_countries': anyone,
  'GET /api/docs': anyone,
  'GET /api/docs/': anyone,
  'GET /api/docs/static/index.html': anyone,
  'GET /api/docs/static/swagger-initializer.js': anyone,
  'GET /api/docs/*': anyone,
  'GET /api/docs/json': anyone,
  'GET /api/docs/yaml': anyone,
  'GET /api/dev/outbox': { who: 'demo' },
  'POST /api/public/card-waitlist': anyone,
  'POST /api/public/email-unsubscribe': anyone,

  // Signing up and logging in: before a session exists.
  'GET /api/auth/altcha': anyone,
  'GET /api/auth/bot_check': anyone,
  'POST /api/auth/signup/private': anyone,
  'POST /api/auth/signup/business': anyone,
  'POST /api/auth/confirm_email': anyone,
  'POST /api/auth/confirm_email/resend': anyone,
  'POST /api/auth/login': anyone,
  'POST /api/auth/login/verify': anyone,
  'GET /api/auth/login_check': client,
  'POST /api/auth/session/extend': client,
  'POST /api/auth/logout': anyone,
  'POST /api/auth/restore': anyone,
  'POST /api/auth/restore/:hash': anyone,
  'POST /api/backoffice/auth/login': anyone,
  'POST /api/backoffice/auth/login/verify': anyone,
  'GET /api/backoffice/auth/login_check': operator(),
  'POST /api/backoffice/auth/session/extend': operator(),
  'POST /api/backoffice/auth/logout': anyone,
  'GET /api/backoffice/invitations/:token': anyone,
  'POST /api/backoffice/invitations/:token/accept': anyone,

  // The client's own data, onboarding and settings.
  'GET /api/client/data': client,
  'GET /api/client/documents': client,
  'GET /api/client/documents/:id': owns('document'),
  'GET /api/client/update_require': client,
  'POST /api/client/update_info': client,
  'POST /api/client/password_change': client,
  'POST /api/client/phone/send_code': client,
  'POST /api/client/phone/verify': client,
  'POST /api/client/step_up': client,
  'POST /api/client/totp/setup': client,
  'POST /api/client/totp/confirm': client,
  'POST /api/client/second_factor': client,
  'GET /api/client/identification': client,
  'POST /api/client/identification': client,
  'POST /api/client/address': client,
  'POST /api/client/company_profile': client,
  'POST /api/client/company_documents': client,
  'GET /api/client/settings': client,
  'PUT /api/client/settings/client_info': client,
  'PUT /api/client/settings/contacts': client,
  'PUT /api/client/settings/activity_types': client,
  'PUT /api/client/settings/company_structure': client,
  'PUT /api/client/settings/partners/:direction': client,
  'PUT /api/client/settings/addresses': client,
  'POST /api/client/settings/related_persons': client,
  'GET /api/client/settings/related_persons/:id': owns('related_person'),
  'PUT /api/client/settings/related_persons/:id': owns('related_person'),
  'PUT /api/client/settings/related_persons/:id/address': owns('related_person'),
  'PUT /api/client/settings/related_persons/:id/wealth': owns('related_person'),
  'POST /api/client/settings/related_persons/:id/documents': owns('related_person'),
  'GET /api/client/settings/related_clients': client,
  'POST /api/client/settings/related_clients': client,
  'GET /api/client/notifications': client,
  'GET /api/client/notifications/unviewed': client,
  'POST /api/client/notifications/view': client,
  'GET /api/client/referrals': client,
  'GET /api/client/deactivation': client,
  'POST /api/client/deactivation': client,
  'DELETE /api/client/deactivation': client,
  'POST /api/client/deactivation/confirm': client,

  // Accounts, recipients, payments and messages: the client's objects.
  'GET /api/client/accounts': client,
  'POST /api/client/accounts': client,
  'GET /api/client/accounts/:id': owns('account'),
  'GET /api/client/accounts/:id/statement': owns('account'),
  'GET /api/client/accounts/:id/statement.csv': owns('account'),
  'GET /api/client/statements': owns('account'),
  'GET /api/client/statements/monthly': client,
  'GET /api/client/accounts/:id/details.pdf': owns('account'),
  'POST /api/client/accounts/:id/close': owns('account'),
  'POST /api/client/exchanges/quote': client,
  'GET /api/client/exchanges/:id': owns('exchange'),
  'POST /api/client/exchanges/:id/confirm': owns('exchange'),
  'GET /api/client/exchange-rates/history': client,
  'POST /api/client/iban/:iban/check': client,
  'GET /api/client/recipients': client,
  'POST /api/client/recipients': client,
  'GET /api/client/recipients/:id': owns('recipient'),
  'PUT /api/client/recipients/:id': owns('recipient'),
  'DELETE /api/client/recipients/:id': owns('recipient'),
  'POST /api/client/recipients/:id/confirm': owns('recipient'),
  'GET /api/client/payments': client,
  'POST /api/client/payments': client,
  'POST /api/client/payments/sepa': client,
  'POST /api/client/payments/faster_pay': client,
  'POST /api/client/payments/internal': client,
  'POST /api/client/payments/international': client,
  'GET /api/client/payments/:id': owns('payment'),
  'POST /api/client/payments/:id/confirm': owns('payment'),
  'POST /api/client/payments/:id/cancel': owns('payment'),
  'GET /api/client/payments/:id/confirmation.pdf': owns('payment'),
  'GET /api/client/tickets': client,
  'POST /api/client/tickets': client,
  'GET /api/client/tickets/:id': owns('ticket'),
  'POST /api/client/tickets/:id/messages': owns('ticket'),
  'POST /api/client/tickets/:id/read': owns('ticket'),
  'POST /api/client/tickets/:id/close': owns('ticket'),
  'POST /api/client/tickets/:id/reopen': owns('ticket'),
  // Two ids in the path: the ticket's owner is checked with the file (client-ticket-routes.test.ts).
  'GET /api/client/tickets/:id/attachments/:attachmentId': client,

  // The back office, by core's role table.
  'GET /api/backoffice/me': operator(),
  'GET /api/backoffice/fee_runs': operator('viewReports'),
  'GET /api/backoffice/clients/:id/statements': operator('viewClients'),
  'GET /api/backoffice/audit': operator('viewAudit'),
  'GET /api/backoffice/applications': operator('viewClients'),
  'GET /api/backoffice/clients/:id': operator('viewClients'),
  'GET /api/backoffice/clients/:id/documents/:documentId': operator('viewDocuments'),
  'GET /api/backoffice/clients/:id/documents/:documentId/view': operator('viewDocuments'),
  'POST /api/backoffice/clients/:id/approve': operator('decideClients'),
  'POST /api/backoffice/clients/:id/reject': operator('decideClients'),
  'POST /api/backoffice/clients/:id/request_update': operator('decideClients'),
  'POST /api/backoffice/clients/:id/accept_update': operator('decideClients'),
  'POST /api/backoffice/clients/:id/documents/:documentId/accept': operator('decideClients'),
  'POST /api/backoffice/clients/:id/documents/:documentId/reject': operator('decideClients'),
  'POST /api/backoffice/clients/:id/request_identification': operator('decideClients'),
  'POST /api/backoffice/clients/:id/require_password_change': operator('decideClients'),
  'POST /api/backoffice/identifications/:id/approve': operator('decideClients'),
  'POST /api/backoffice/identifications/:id/reject': operator('decideClients'),
  'GET /api/backoffice/deactivations': operator('reviewDeactivations'),
  'GET /api/backoffice/deactivations/:clientId': operator('reviewDeactivations'),
  'POST /api/backoffice/deactivations/:clientId/approve': operator('reviewDeactivations'),
  'POST /api/backoffice/deactivations/:clientId/reject': operator('reviewDeactivations'),
  'GET /api/backoffice/reports/ledger': operator('viewReports'),
  'GET /api/backoffice/reports/safeguarding': operator('viewReports'),
  'GET /api/backoffice/reports/safeguarding/history': operator('viewReports'),
  'POST /api/backoffice/reports/safeguarding': operator('recordReconciliation'),
  'POST /api/backoffice/incoming_payments': operator('recordIncomingPayment'),
  'POST /api/backoffice/bank_statements': operator('importBankStatements'),
  'GET /api/backoffice/bank_statements': operator('importBankStatements'),
  'GET /api/backoffice/bank_statements/credits': operator('approveIncomingCredit'),
  'POST /api/backoffice/bank_statements/credits/:id/assign': operator('importBankStatements'),
  'POST /api/backoffice/bank_statements/credits/:id/return': operator('importBankStatements'),
  'POST /api/backoffice/bank_statements/credits/:id/approve': operator('approveIncomingCredit'),
  'POST /api/backoffice/bank_statements/credits/:id/reject': operator('approveIncomingCredit'),
  'GET /api/backoffice/bank_statements/manual_credits': operator('approveIncomingCredit'),
  'POST /api/backoffice/bank_statements/manual_credits/:id/approve': operator('approveIncomingCredit'),
  'POST /api/backoffice/bank_statements/manual_credits/:id/reject': operator('approveIncomingCredit'),
  'GET /api/backoffice/adjustments': operator('approveAdjustment'),
  'POST /api/backoffice/adjustments': operator('proposeAdjustment'),
  'POST /api/backoffice/adjustments/:id/approve': operator('approveAdjustment'),
  'POST /api/backoffice/adjustments/:id/reject': operator('approveAdjustment'),
  'GET /api/backoffice/fx-rates': operator('managePayments'),
  'GET /api/backoffice/fx-rates/history': operator('managePayments'),
  'POST /api/backoffice/fx-rates/upload': operator('managePayments'),
  'POST /api/backoffice/fx-rates/fetch': operator('managePayments'),
  'GET /api/backoffice/fx-position': operator('managePayments'),
  'GET /api/backoffice/fx-income': operator('managePayments'),
  'GET /api/backoffice/exchanges': operator('managePayments'),
  'PUT /api/backoffice/fx-rates/:currency': operator('managePayments'),
  'GET /api/backoffice/payments': operator('managePayments'),
  'GET /api/backoffice/payments/:id': operator('managePayments'),
  'POST /api/backoffice/payments/:id/hold': operator('managePayments'),
  'POST /api/backoffice/payments/:id/release': operator('managePayments'),
  'POST /api/backoffice/payments/:id/return': operator('managePayments'),
  'POST /api/backoffice/payments/:id/void': operator('managePayments'),
  'GET /api/backoffice/payment-rails': operator('managePayments'),
  'PUT /api/backoffice/payment-rails/:rail': operator('managePayments'),
  'POST /api/backoffice/payment-rails/simulator/run': operator('managePayments'),
  'GET /api/backoffice/payment-files': operator('managePayments'),
  'POST /api/backoffice/payment-files': operator('managePayments'),
  'POST /api/backoffice/payment-files/status': operator('managePayments'),
  'GET /api/backoffice/payment-files/:id/xml': operator('managePayments'),
  'GET /api/backoffice/operators': operator('manageOperators'),
  'POST /api/backoffice/operators': operator('manageOperators'),
  'POST /api/backoffice/operators/:id/deactivate': operator('manageOperators'),
  'GET /api/backoffice/tickets': operator('answerTickets'),
  'GET /api/backoffice/tickets/:id': operator('answerTickets'),
  'POST /api/backoffice/tickets/:id/messages': operator('answerTickets'),
  'POST /api/backoffice/tickets/:id/close': operator('answerTickets'),
  'GET /api/backoffice/tickets/:id/attachments/:attachmentId': operator('answerTickets'),
};
