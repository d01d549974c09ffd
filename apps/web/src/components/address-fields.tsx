import { postcodeRequired } from '@bluepeak/core/onboarding';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../lib/form-errors';
import { CountrySelect } from './country-select';

// The address form: the address and city rules of docs/requirements/validation.md, and a postcode
// that fits the country.
export type AddressValues = { country: string; city: string; address: string; postcode: string };
export const emptyAddress: AddressValues = { country: 'GB', city: '', address: '', postcode: '' };

export function AddressFields({
  value,
  onChange,
  errors,
  prefix = '',
}: {
  value: AddressValues;
  onChange: (next: AddressValues) => void;
  errors: FieldErrors;
  /** Where the schema puts these fields (`legal_address.`), to find their errors. */
  prefix?: string;
}) {
  const { t } = useTranslation('onboarding');
  const set = (name: keyof AddressValues) => (next: string) => onChange({ ...value, [name]: next });
  return (
    <Stack gap="md">
      <CountrySelect
        label={t('address.country')}
        value={value.country}
        onChange={set('country')}
        error={errors[`${prefix}country`]}
      />
      <TextInput
        label={t('address.address')}
        value={value.address}
        onChange={(event) => set('address')(event.currentTarget.value)}
        error={errors[`${prefix}address`]}
        autoComplete="street-address"
        required
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label={t('address.city')}
          value={value.city}
          onChange={(event) => set('city')(event.currentTarget.value)}
          error={errors[`${prefix}city`]}
          autoComplete="address-level2"
          required
        />
        <TextInput
          label={t('address.postcode')}
          value={value.postcode}
          onChange={(event) => set('postcode')(event.currentTarget.value)}
          error={errors[`${prefix}postcode`]}
          autoComplete="postal-code"
          required={postcodeRequired(value.country)}
        />
      </SimpleGrid>
    </Stack>
  );
}
