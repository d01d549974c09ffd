import type { PaymentType } from '@bluepeak/core/payments';
import { Loader, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateValidation } from '../../lib/form-errors';
import { useMeta } from '../../lib/queries/meta';
import { type IbanState, useIbanCheck } from '../../lib/use-iban-check';
import { type PayeeValues, payeeFields } from './payment-form';

// The payee fields of one payment type (docs/requirements/payments.md), checked by the shared
// schema (the errors come from the caller). The IBAN asks the server (lib/use-iban-check.ts) once
// it has the right form and fills the BIC from the answer (docs/requirements/validation.md).
export type { IbanState };

// The shared schemas speak English; these of their messages have a text in each language.
const SCHEMA_MESSAGES: Record<string, string> = {
  'A sort code is 6 digits': 'sort_code',
  'A UK account number is 8 digits': 'account_number_uk',
  'Invalid BIC/SWIFT code': 'bic',
  'An account number or IBAN': 'account_or_iban',
};

export function PayeeFields({
  type,
  values,
  errors,
  onChange,
  disabled,
  onIbanState,
}: {
  type: PaymentType;
  values: PayeeValues;
  errors: Record<string, string | undefined>;
  onChange: (name: string, value: string) => void;
  disabled?: boolean;
  onIbanState?: (state: IbanState) => void;
}) {
  const { t } = useTranslation('payments');
  const { countries } = useMeta();
  const countryOptions = useMemo(
    () => countries.map((country) => ({ value: country.code, label: country.name })),
    [countries],
  );
  const [ibanTouched, setIbanTouched] = useState(false);
  const ibanState = useIbanCheck(type === 'sepa' ? (values.iban ?? '') : '', (bic) => onChange('bic', bic));
  useEffect(() => onIbanState?.(ibanState), [ibanState, onIbanState]);
  const ibanMessage: Partial<Record<IbanState, string>> = {
    format: ibanTouched ? t('iban.format') : undefined,
    invalid: t('iban.not_valid'),
    not_sepa: t('iban.not_sepa'),
    system_error: t('iban.system_error'),
  };
  const errorOf = (name: string) => {
    const message = errors[name];
    if (!message) return undefined;
    const known = SCHEMA_MESSAGES[message];
    if (known) return t(`validation.${known}`);
    const max = /^At most (\d+) characters$/.exec(message);
    if (max) return t('validation.max', { count: Number(max[1]) });
    return translateValidation(message);
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {payeeFields[type].map((item) => {
        const label = t(
          `fields.${type === 'international' && item.name === 'account_number' ? 'account_number_or_iban' : item.name}`,
        );
        const common = { label, required: item.required, disabled, 'data-field': item.name } as const;
        if (item.kind === 'country') {
          return (
            <Select
              key={item.name}
              {...common}
              data={countryOptions}
              searchable
              value={values[item.name] || null}
              onChange={(value) => onChange(item.name, value ?? '')}
              error={errorOf(item.name)}
              comboboxProps={{ withinPortal: true }}
            />
          );
        }
        if (item.kind === 'iban') {
          return (
            <TextInput
              key={item.name}
              {...common}
              value={values[item.name] ?? ''}
              onChange={(event) => onChange(item.name, event.currentTarget.value.toUpperCase())}
              onBlur={() => setIbanTouched(true)}
              error={errorOf(item.name) ?? ibanMessage[ibanState]}
              autoComplete="off"
              spellCheck={false}
              maxLength={42}
              data-iban-state={ibanState}
              // A SEPA payee's account number is its IBAN: the scheme knows no other.
              description={t('iban.account_number_hint')}
              rightSection={
                ibanState === 'checking' ? <Loader size="xs" aria-label={t('iban.checking')} /> : undefined
              }
            />
          );
        }
        return (
          <TextInput
            key={item.name}
            {...common}
            value={values[item.name] ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              onChange(item.name, item.kind === 'bic' ? value.toUpperCase() : value);
            }}
            error={errorOf(item.name)}
            inputMode={item.kind === 'digits' || item.kind === 'sort_code' ? 'numeric' : undefined}
            maxLength={
              item.kind === 'sort_code' ? 8 : item.kind === 'digits' ? 9 : item.kind === 'bic' ? 11 : 140
            }
            autoComplete="off"
          />
        );
      })}
    </SimpleGrid>
  );
}
