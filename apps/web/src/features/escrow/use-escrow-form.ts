import { brand } from '@bluepeak/core';
import type { ProposeEscrowInput } from '@bluepeak/core/escrow';
import { useState } from 'react';
import type { FieldErrors } from '../../lib/form-errors';
import { useFormMutation } from '../../lib/use-form-mutation';
import { type DealAnswer, proposeEscrow } from './api';
import { emptyParty } from './counterparty-field';
import { type EscrowFormValues, formFieldOf, toEscrowBody } from './escrow-form';

// The new-deal form's state: checked as it is filled in (only the fields touched show an error)
// and all at once before sending, by escrow-form.ts; a refusal's `errors` land on the form's own
// fields. Sent the one way forms are sent (lib/use-form-mutation.ts).
export function useEscrowForm(onSuccess: (answer: DealAnswer) => Promise<void>) {
  const [values, setValues] = useState<EscrowFormValues>({
    role: 'buyer',
    party: emptyParty,
    currency: brand.tariff.currency,
    amount: '',
    title: '',
    buyer_deliverables: '',
    seller_deliverables: '',
    conditions: [{ description: '', presenter: 'seller' }],
    deadline: '',
    standard: true,
  });
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<FieldErrors>({});
  const checked = (next: EscrowFormValues, fields: ReadonlySet<string>) => {
    const result = toEscrowBody(next, new Date());
    const all = result.ok ? {} : result.errors;
    setErrors(
      Object.fromEntries(Object.entries(all).filter(([key]) => fields.has(key.split('.')[0] ?? key))),
    );
    return result;
  };
  const set = <K extends keyof EscrowFormValues>(name: K, value: EscrowFormValues[K]) => {
    const next = { ...values, [name]: value };
    const nextTouched = new Set([...touched, name]);
    setValues(next);
    setTouched(nextTouched);
    checked(next, nextTouched);
  };
  const form = {
    validate: (): ProposeEscrowInput | undefined => {
      const all = new Set(Object.keys(values));
      setTouched(all);
      const result = checked(values, all);
      return result.ok ? result.body : undefined;
    },
    setServerErrors: (fields: FieldErrors) =>
      setErrors(Object.fromEntries(Object.entries(fields).map(([key, text]) => [formFieldOf(key), text]))),
  };
  const {
    mutation: propose,
    submit,
    message,
  } = useFormMutation(form, {
    request: (input: ProposeEscrowInput, key: string) => proposeEscrow(input, key),
    onSuccess,
    texts: ['escrow:problems'],
  });
  return { values, set, errors, submit, message, propose };
}
