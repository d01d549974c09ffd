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
      ? ['sign_up', 'phone', 'identification', 'company', 'review']
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
