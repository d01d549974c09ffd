import {
  ESCROW_MAX_DEADLINE_DAYS,
  escrowCounterpartySchema,
  escrowOutsidePartySchema,
  type ProposeEscrowInput,
  proposeEscrowSchema,
} from '@bluepeak/core/escrow';
import { type AmountError, parseAmount } from '../../lib/amount-input';
import { type FieldErrors, translateValidation } from '../../lib/form-errors';
import type { DraftCondition } from './conditions-field';
import { counterpartyOf, type PartyDraft } from './counterparty-field';

// The new-deal form's strings to the body of POST /client/escrows, checked field by field with
// the shared schema before anything is sent (docs/requirements/escrow.md), and the API's field
// names back to the form's, so a refusal lands on the field it is about. An error is kept as the
// schema's sentence, or as 'required' or 'amount.<why>'; escrowErrorText says it in the
// visitor's words.

export type EscrowFormValues = {
  role: 'buyer' | 'seller';
  party: PartyDraft;
  currency: string;
  amount: string;
  title: string;
  buyer_deliverables: string;
  seller_deliverables: string;
  conditions: DraftCondition[];
  /** The ISO day, '' while the field is empty or holds no real day. */
  deadline: string;
  standard: boolean;
};

export type EscrowError = 'required' | 'deadline_range' | `amount.${AmountError}` | (string & {});

const DAY = 86_400_000;

/** The API's path of a field (`counterparty.outside.iban`) as the form names it (`party.iban`). */
export function formFieldOf(apiField: string): string {
  const path = apiField.replace(/^body\.?/, '');
  const outside = /^counterparty\.outside\.(\w+)$/.exec(path);
  if (outside?.[1]) return `party.${outside[1] === 'bank_name' ? 'bankName' : outside[1]}`;
  if (path === 'counterparty.outside') return 'party.name';
  if (path.startsWith('counterparty')) return 'party.contact';
  return path;
}

/** The deadline's own rule, as the API judges it: its day not over yet, within the longest a deal runs. */
function deadlineError(day: string, today: Date): EscrowError | undefined {
  if (day === '') return 'required';
  const end = Date.parse(`${day}T23:59:59Z`);
  if (Number.isNaN(end)) return 'required';
  if (end <= today.getTime() || end > today.getTime() + ESCROW_MAX_DEADLINE_DAYS * DAY)
    return 'deadline_range';
  return undefined;
}

const firstIssues = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = formFieldOf(issue.path.map(String).join('.'));
    errors[key] ??= issue.message;
  }
  return errors;
};

/**
 * The other party alone, by the kind the form shows: the schema's union would only say that no
 * kind fits, so each kind is checked on its own and its sentence put on its own field.
 */
function partyErrors(values: EscrowFormValues): FieldErrors {
  const { party, role } = values;
  if (party.outside && role === 'buyer') {
    const outside = counterpartyOf(party, role);
    if (!('outside' in outside)) return {};
    const result = escrowOutsidePartySchema.safeParse(outside.outside);
    if (result.success) return {};
    return firstIssues(
      result.error.issues.map((issue) => ({ ...issue, path: ['counterparty', 'outside', ...issue.path] })),
    );
  }
  if (party.contact.trim() === '') return { 'party.contact': 'required' };
  const [byEmail, byAccount] = escrowCounterpartySchema.options;
  const counterparty = counterpartyOf(party, role);
  const result = ('email' in counterparty ? byEmail : byAccount).safeParse(counterparty);
  return result.success ? {} : { 'party.contact': result.error.issues[0]?.message ?? 'required' };
}

/** The form as the body of POST /client/escrows, or every field's error at once. */
export function toEscrowBody(
  values: EscrowFormValues,
  today: Date,
): { ok: true; body: ProposeEscrowInput } | { ok: false; errors: FieldErrors } {
  const amount = parseAmount(values.amount, values.currency);
  const outsideSeller = values.party.outside && values.role === 'buyer';
  const body: ProposeEscrowInput = {
    role: values.role,
    counterparty: counterpartyOf(values.party, values.role),
    amount: amount.ok ? amount.amount : 0,
    currency: values.currency,
    title: values.title,
    buyer_deliverables: values.buyer_deliverables,
    seller_deliverables: values.seller_deliverables,
    // An outside seller has no dashboard: the buyer presents every condition.
    conditions: outsideSeller
      ? values.conditions.map((condition) => ({ ...condition, presenter: 'buyer' as const }))
      : values.conditions,
    deadline: values.deadline,
    standard: values.standard,
  };
  const result = proposeEscrowSchema.safeParse(body);
  const errors: FieldErrors = result.success
    ? {}
    : firstIssues(result.error.issues.filter((issue) => issue.path[0] !== 'counterparty'));
  Object.assign(errors, partyErrors(values));
  // Money and the day have the form's own rules: typed text, and a day the API will take.
  if (amount.ok) delete errors.amount;
  else errors.amount = `amount.${amount.error}`;
  const deadline = deadlineError(values.deadline, today);
  if (deadline) errors.deadline = deadline;
  else delete errors.deadline;
  if (values.currency === '') errors.currency = 'required';
  if (Object.keys(errors).length > 0 || !result.success) return { ok: false, errors };
  return { ok: true, body: result.data };
}

// The API's refusals of a proposal (its `errors`, in English) as the form says them.
const SERVER_SENTENCES: Readonly<Record<string, string>> = {
  'No approved client of ours matches this counterparty.': 'escrow:form.counterparty_not_found',
  'The other party must be someone else.': 'escrow:form.someone_else',
  'The deadline must be today or later, and within two years.': 'escrow:form.deadline_range',
};

/** An error of the form in the visitor's words. */
export function escrowErrorText(value: string | undefined, t: (key: string) => string): string | undefined {
  if (value === undefined) return undefined;
  if (value === 'required') return t('common:form_required');
  if (value === 'deadline_range') return t('escrow:form.deadline_range');
  const server = SERVER_SENTENCES[value];
  if (server) return t(server);
  if (/^You hold no \S+ account to deal in\.$/.test(value)) return t('escrow:form.not_held');
  if (value.startsWith('amount.')) return t(`common:amount_errors.${value.slice('amount.'.length)}`);
  return translateValidation(value);
}
