import type { Payment, PaymentType, Recipient } from '@bluepeak/core/payments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from '../../lib/client-session';
import { readFormDraft, useKeepFormDraft } from '../../lib/form-draft';
import type { FieldErrors } from '../../lib/form-errors';
import { translateValidation } from '../../lib/form-errors';
import type { CurrencyAccount } from '../../lib/queries/account-groups';
import type { IbanState } from './payee-fields';
import {
  accountAllowed,
  emptyPayee,
  formFromPayment,
  type PaymentFormValues,
  toPaymentBody,
} from './payment-form';

function initialValues(
  type: PaymentType,
  accounts: CurrencyAccount[],
  recipient: Recipient | undefined,
  copied: Payment | undefined,
): PaymentFormValues {
  if (copied && copied.type === type) {
    const values = formFromPayment(copied);
    return { ...values, recipient_id: recipient ? recipient.id : '' };
  }
  const first = accounts.find((account) => accountAllowed(type, account.currency.code));
  const fixed = type === 'sepa' ? 'EUR' : type === 'faster_pay' ? 'GBP' : (first?.currency.code ?? '');
  return {
    account_id: first?.id ?? '',
    amount: '',
    currency: fixed,
    description: '',
    recipient_id: recipient?.status === 'active' ? recipient.id : '',
    payee: emptyPayee(type),
    save_recipient: false,
  };
}

/** The draft a new payment of this type is kept under while it is typed. */
export const paymentDraftKey = (type: PaymentType) => `payment:${type}`;

const without = (errors: FieldErrors, key: string) => {
  const { [key]: _dropped, ...rest } = errors;
  return rest;
};

/**
 * The new-payment form's state: a payment or a copy of one, checked by toPaymentBody (the
 * shared schemas and the money rules) when sent, in the shape lib/use-form-mutation.ts takes.
 */
export function usePaymentForm(
  type: PaymentType,
  accounts: CurrencyAccount[],
  recipient: Recipient | undefined,
  copied: Payment | undefined,
) {
  const { t } = useTranslation('payments');
  const client = useClient();
  const draftKey = paymentDraftKey(type);
  const [values, setValues] = useState(() => {
    const start = initialValues(type, accounts, recipient, copied);
    // A payment typed before an idle log-out comes back as it was (lib/form-draft.ts), unless
    // the client came for a copy or for another recipient.
    const draft = copied ? undefined : readFormDraft<PaymentFormValues>(draftKey, client.id);
    if (!draft || (recipient && draft.recipient_id !== recipient.id)) return start;
    return { ...start, ...draft, payee: { ...start.payee, ...draft.payee } };
  });
  const untouched =
    values.amount === '' && values.description === '' && Object.values(values.payee).every((value) => !value);
  useKeepFormDraft(draftKey, client.id, values, untouched);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [ibanState, setIbanState] = useState<IbanState>('empty');
  const usingSaved = Boolean(values.recipient_id) && recipient?.id === values.recipient_id;

  const set = <K extends keyof PaymentFormValues>(name: K, value: PaymentFormValues[K]) => {
    setValues({ ...values, [name]: value });
    setErrors((current) => without(current, name));
  };
  const setPayee = (name: string, value: string) => {
    setValues((current) => ({ ...current, payee: { ...current.payee, [name]: value } }));
    setErrors((current) => without(current, `payee.${name}`));
  };
  const setAccount = (id: string, account: CurrencyAccount | undefined) =>
    setValues((current) => ({
      ...current,
      account_id: id,
      currency: type === 'internal' && account ? account.currency.code : current.currency,
    }));

  const validate = () => {
    const result = toPaymentBody(type, values);
    if (!result.ok) {
      setErrors(result.errors);
      return undefined;
    }
    if (!usingSaved && type === 'sepa' && (ibanState === 'invalid' || ibanState === 'not_sepa'))
      return undefined;
    return result.body;
  };
  // The API names a typed-in payee `recipient`; the form calls it `payee`.
  const setServerErrors = (fields: FieldErrors) =>
    setErrors(
      Object.fromEntries(
        Object.entries(fields).map(([key, value]) => [key.replace(/^recipient\./, 'payee.'), value]),
      ),
    );

  const message = (key: string) => {
    const value = errors[key];
    if (!value) return undefined;
    if (value === 'required') return t('errors.required');
    if (value === 'amount.over_limit') return t('errors.amount.over_limit');
    if (value.startsWith('amount.')) return t(`common:amount_errors.${value.slice('amount.'.length)}`);
    return translateValidation(value);
  };
  const payeeErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith('payee.'))
      .map(([key, value]) => [key.slice('payee.'.length), value]),
  );
  return {
    values,
    set,
    setPayee,
    setAccount,
    setIbanState,
    usingSaved,
    message,
    payeeErrors,
    validate,
    setServerErrors,
  };
}
