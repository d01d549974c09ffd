import type { ClientRecord } from '@bluepeak/core/onboarding';

// Where a client's application stands, step by step, from sign-up to the open account: what the
// step indicator shows and what Home says while the accounts are not open. Pure, so every state
// is tested as a table.
export type ProgressStep = 'sign_up' | 'phone' | 'identification' | 'address' | 'company' | 'review';
export type StepState = 'done' | 'current' | 'todo';

type ProgressClient = Pick<
  ClientRecord,
  | 'type'
  | 'status'
  | 'ondato_required'
  | 'ondato_has_active_identification'
  | 'has_processed_ondato_identification'
  | 'has_legal_address'
  | 'has_activity_type'
  | 'has_client_info'
  | 'has_incoming_partner'
  | 'has_outgoing_partner'
  | 'has_company_structure'
  | 'has_document'
  | 'application_submitted'
>;

/** A business client's registration steps, in the order the registration page lists them. */
export const COMPANY_STEPS = [
  'has_legal_address',
  'has_activity_type',
  'has_client_info',
  'has_incoming_partner',
  'has_outgoing_partner',
  'has_company_structure',
  'has_document',
] as const satisfies readonly (keyof ClientRecord)[];

/** The company registration steps still to do (a business client has seven). */
export function companyStepsLeft(client: ProgressClient): number {
  return client.type === 'CORPORATE' ? COMPANY_STEPS.filter((flag) => !client[flag]).length : 0;
}

// Sent for review, or decided. ON_APPROVAL alone is not it: a private client is ON_APPROVAL from
// its approved identity check until it gives its address.
const submitted = (client: ProgressClient) =>
  client.application_submitted || client.status === 'APPROVED' || client.status === 'REJECTED';

/** The identity check is approved and no new one asked for. */
const identityChecked = (client: ProgressClient) =>
  client.has_processed_ondato_identification && !client.ondato_required;

function isDone(step: ProgressStep, client: ProgressClient): boolean {
  switch (step) {
    case 'sign_up':
      return true;
    case 'phone':
      return client.status !== 'NEW';
    case 'identification':
      // Sent and being checked counts as done for the client: nothing is left for it to do.
      return (
        (client.has_processed_ondato_identification || client.ondato_has_active_identification) &&
        !client.ondato_required
      );
    case 'address':
      return client.has_legal_address;
    case 'company':
      return companyStepsLeft(client) === 0;
    case 'review':
      return client.status === 'APPROVED';
  }
}

export function progressSteps(client: ProgressClient): { step: ProgressStep; state: StepState }[] {
  const steps: ProgressStep[] =
    client.type === 'CORPORATE'
      ? // A business registers its company first, then its representative's identity is checked
        // (Home says so in that order too: applicationState).
        ['sign_up', 'phone', 'company', 'identification', 'review']
      : ['sign_up', 'phone', 'identification', 'address', 'review'];
  let currentFound = false;
  return steps.map((step) => {
    // Once submitted, everything before the review is behind the client.
    const done = step === 'review' ? isDone(step, client) : submitted(client) || isDone(step, client);
    if (done) return { step, state: 'done' as const };
    const state = currentFound ? 'todo' : 'current';
    currentFound = true;
    return { step, state };
  });
}

/** What Home says while the accounts are not open: the one true sentence for this client now. */
export type ApplicationState =
  | 'verify_phone'
  | 'identification'
  | 'identification_checking'
  | 'details'
  | 'company_steps'
  | 'in_review'
  | 'rejected'
  | 'closed';

export function applicationState(client: ProgressClient): ApplicationState {
  switch (client.status) {
    case 'NEW':
      return 'verify_phone';
    case 'VERIFIED':
    case 'ON_APPROVAL': {
      if (client.application_submitted) return 'in_review';
      if (companyStepsLeft(client) > 0) return 'company_steps';
      if (!identityChecked(client))
        return isDone('identification', client) ? 'identification_checking' : 'identification';
      return 'details';
    }
    case 'REJECTED':
      return 'rejected';
    default:
      return 'closed';
  }
}

/** Why the money actions (send, exchange, escrow, statements, recipients) are closed now. */
export type MoneyBlock = 'approved_only' | 'closing';

/**
 * Everything the dashboard says about where the client stands, from one reading of its record:
 * the step indicator, Home's sentence while the accounts are not open, the banner, and whether
 * (and why) the money actions are disabled. The sidebar, Home, the quick actions and the step
 * indicator all read this, so no two of them can disagree.
 */
export type ClientView = {
  /** The step indicator while the accounts are not open; empty once they are. */
  steps: { step: ProgressStep; state: StepState }[];
  /** Home's sentence while the accounts are not open; null once they are. */
  application: ApplicationState | null;
  banner: 'closing' | null;
  moneyBlocked: MoneyBlock | null;
};

/** Whether, and why, the money actions are closed for a client of this status. */
export function moneyBlockOf(status: string): MoneyBlock | null {
  switch (status.toUpperCase()) {
    case 'APPROVED':
      return null;
    case 'DEACTIVATION_REQUESTED':
    case 'DEACTIVATED':
      return 'closing';
    default:
      return 'approved_only';
  }
}

export function clientView(client: ProgressClient): ClientView {
  const moneyBlocked = moneyBlockOf(client.status);
  // Accounts open (or being closed): no application to follow any more.
  if (moneyBlocked !== 'approved_only')
    return { steps: [], application: null, banner: moneyBlocked, moneyBlocked };
  return {
    steps: progressSteps(client),
    application: applicationState(client),
    banner: null,
    moneyBlocked,
  };
}
