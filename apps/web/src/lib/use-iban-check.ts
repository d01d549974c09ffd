import type { IbanCheckResponse } from '@bluepeak/core/accounts';
import { IBAN_FORMAT, normalizeIban } from '@bluepeak/core/accounts';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { checkIban, type IbanCheckOutcome, ibanCheckOutcome } from './iban-check';

// docs/requirements/validation.md, "IBAN server check", the one way every form asks: once the IBAN
// as typed has the right form, POST /client/iban/{iban}/check, and report 'valid', 'invalid' ('This
// IBAN is not valid'), 'not_sepa' or 'system_error'; a BIC in the answer goes to `onBic` so the
// form can fill its BIC field. An answer for an IBAN the client has since changed is dropped.
export type IbanState = 'empty' | 'format' | 'checking' | IbanCheckOutcome['kind'];

const CHECK_DELAY_MS = 400;

export function useIbanCheck(iban: string, onBic?: (bic: string) => void): IbanState {
  const electronic = normalizeIban(iban);
  const [debounced] = useDebouncedValue(electronic, CHECK_DELAY_MS);
  const [outcome, setOutcome] = useState<{ iban: string; result: IbanCheckOutcome } | undefined>();
  const latest = useRef(electronic);
  latest.current = electronic;
  const onBicRef = useRef(onBic);
  onBicRef.current = onBic;
  // Silent: the field shows the outcome itself. A 401 still ends the session (query-client).
  const { mutate } = useMutation({
    mutationFn: checkIban,
    meta: { silent: true },
  });

  useEffect(() => {
    if (!debounced || !IBAN_FORMAT.test(debounced)) return;
    mutate(debounced, {
      onSettled: (answer, error) => {
        if (latest.current !== debounced) return;
        const result = error
          ? ibanCheckOutcome({ error })
          : ibanCheckOutcome({ answer: answer as IbanCheckResponse });
        setOutcome({ iban: debounced, result });
        if ((result.kind === 'valid' || result.kind === 'not_sepa') && result.bic)
          onBicRef.current?.(result.bic);
      },
    });
  }, [debounced, mutate]);

  if (!electronic) return 'empty';
  if (!IBAN_FORMAT.test(electronic)) return 'format';
  return outcome?.iban === electronic ? outcome.result.kind : 'checking';
}
