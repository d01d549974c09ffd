import type { CreateRecipient, PaymentType, Recipient } from '@bluepeak/core/payments';
import { useState } from 'react';
import type { FieldErrors } from '../../lib/form-errors';
import type { IbanState } from './payee-fields';
import { checkPayee, emptyPayee, type PayeeValues } from './payment-form';

/** Server field errors come as `details.iban`; the form's fields are plain names. */
function prefixless(fields: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key.replace(/^details\./, ''), value]),
  );
}

/**
 * A recipient's fields for its payment type, checked by the shared schema of that type as they
 * change and when sent, in the shape lib/use-form-mutation.ts takes. A new recipient may start
 * from a payee the client already typed (a batch row's, say).
 */
export function useRecipientForm(
  initialType: PaymentType,
  existing: Recipient | undefined,
  prefill?: Record<string, string>,
) {
  const [type, setType] = useState<PaymentType>(initialType);
  const [values, setValues] = useState<PayeeValues>(() => {
    const base = emptyPayee(type);
    const from = existing?.pending_details ?? existing?.details ?? prefill ?? {};
    for (const key of Object.keys(base)) base[key] = from[key] ?? '';
    return base;
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [ibanState, setIbanState] = useState<IbanState>('empty');

  const onChange = (name: string, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    const checked = checkPayee(type, next);
    setErrors((current) => {
      const { [name]: _dropped, ...rest } = current;
      if (checked.ok || !(name in checked.errors) || value === '') return rest;
      return { ...rest, [name]: checked.errors[name] ?? '' };
    });
  };
  const changeType = (next: PaymentType) => {
    setType(next);
    setValues((current) => ({ ...emptyPayee(next), name: current.name ?? '' }));
    setErrors({});
  };
  const validate = () => {
    const checked = checkPayee(type, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return undefined;
    }
    if (type === 'sepa' && (ibanState === 'invalid' || ibanState === 'not_sepa')) return undefined;
    return { type, details: checked.details } as CreateRecipient;
  };
  const setServerErrors = (fields: FieldErrors) => setErrors(prefixless(fields));
  return { type, values, errors, onChange, changeType, setIbanState, validate, setServerErrors };
}
