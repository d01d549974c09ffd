import type { ProposeEscrowInput } from '@bluepeak/core/escrow';
import { Checkbox, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// The other party of a new deal (docs/requirements/escrow.md): a client of ours by e-mail,
// account number or IBAN; or, for a buyer, a seller outside the institution by name and IBAN
// (the BIC, the bank's name and the seller's address are needed only when it is paid by SWIFT).
export type PartyDraft = {
  outside: boolean;
  contact: string;
  name: string;
  iban: string;
  bic: string;
  bankName: string;
  address: string;
};
export const emptyParty: PartyDraft = {
  outside: false,
  contact: '',
  name: '',
  iban: '',
  bic: '',
  bankName: '',
  address: '',
};
const optional = (key: string, text: string) => (text.trim() ? { [key]: text.trim() } : {});

export function counterpartyOf(
  party: PartyDraft,
  role: 'buyer' | 'seller',
): ProposeEscrowInput['counterparty'] {
  if (party.outside && role === 'buyer')
    return {
      outside: {
        name: party.name.trim(),
        iban: party.iban,
        ...optional('bic', party.bic),
        ...optional('bank_name', party.bankName),
        ...optional('address', party.address),
      },
    };
  // An account number or IBAN is read without the spaces people group it with.
  return party.contact.includes('@')
    ? { email: party.contact.trim() }
    : { account_number: party.contact.replace(/\s+/g, '') };
}

export function CounterpartyField({
  role,
  value,
  onChange,
  errors,
}: {
  role: 'buyer' | 'seller';
  value: PartyDraft;
  onChange: (next: PartyDraft) => void;
  /** The error of one of its fields, in the visitor's words. */
  errors: (field: keyof PartyDraft) => string | undefined;
}) {
  const { t } = useTranslation('escrow');
  const set = (field: keyof PartyDraft) => (event: { currentTarget: { value: string } }) =>
    onChange({ ...value, [field]: event.currentTarget.value });
  const outside = value.outside && role === 'buyer';
  return (
    <Stack gap="sm">
      {role === 'buyer' && (
        <Checkbox
          label={t('form.outside')}
          checked={value.outside}
          onChange={(event) => onChange({ ...value, outside: event.currentTarget.checked })}
        />
      )}
      {outside ? (
        <>
          <TextInput
            label={t('form.outside_name')}
            required
            maxLength={70}
            value={value.name}
            onChange={set('name')}
            error={errors('name')}
          />
          <TextInput
            label={t('form.outside_iban')}
            required
            maxLength={42}
            value={value.iban}
            onChange={set('iban')}
            error={errors('iban')}
          />
          <TextInput
            label={t('form.outside_bic')}
            description={t('form.outside_bic_hint')}
            maxLength={11}
            value={value.bic}
            onChange={set('bic')}
            error={errors('bic')}
          />
          {value.bic.trim() && (
            <>
              <TextInput
                label={t('form.outside_bank')}
                maxLength={70}
                value={value.bankName}
                onChange={set('bankName')}
                error={errors('bankName')}
              />
              <TextInput
                label={t('form.outside_address')}
                maxLength={70}
                value={value.address}
                onChange={set('address')}
                error={errors('address')}
              />
            </>
          )}
        </>
      ) : (
        <TextInput
          label={t('form.counterparty')}
          description={t('form.counterparty_hint')}
          required
          value={value.contact}
          onChange={set('contact')}
          error={errors('contact')}
        />
      )}
    </Stack>
  );
}
