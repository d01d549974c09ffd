import { Button, Fieldset, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../lib/form-errors';
import { CountrySelect } from './country-select';

// The repeated rows of the company steps: partners (name, country) and people (role, name,
// ownership). Each list keeps at least one row; errors come keyed `incoming_partners.0.name`.
export type PartnerRow = { name: string; country: string };
export type PersonRow = { type: string; first_name: string; last_name: string; ownership_percent: string };

const MAX_ROWS = 50;

export function PartnerRows({
  title,
  rows,
  onChange,
  errors,
  prefix,
}: {
  title: string;
  rows: PartnerRow[];
  onChange: (rows: PartnerRow[]) => void;
  errors: FieldErrors;
  prefix: string;
}) {
  const { t } = useTranslation('onboarding');
  const update = (index: number, change: Partial<PartnerRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <Fieldset legend={title}>
      <Stack gap="md">
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          <SimpleGrid key={index} cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('company.partner_name', { number: index + 1 })}
              value={row.name}
              onChange={(event) => update(index, { name: event.currentTarget.value })}
              error={errors[`${prefix}.${index}.name`] ?? (index === 0 ? errors[prefix] : undefined)}
              required
            />
            <CountrySelect
              label={t('company.partner_country', { number: index + 1 })}
              value={row.country}
              onChange={(country) => update(index, { country })}
              error={errors[`${prefix}.${index}.country`]}
            />
          </SimpleGrid>
        ))}
        <RowButtons
          count={rows.length}
          onAdd={() => onChange([...rows, { name: '', country: '' }])}
          onRemove={() => onChange(rows.slice(0, -1))}
        />
      </Stack>
    </Fieldset>
  );
}

export function PersonRows({
  title,
  rows,
  onChange,
  errors,
  types,
}: {
  title: string;
  rows: PersonRow[];
  onChange: (rows: PersonRow[]) => void;
  errors: FieldErrors;
  types: { value: string; label: string }[];
}) {
  const { t } = useTranslation('onboarding');
  const update = (index: number, change: Partial<PersonRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const at = (index: number, field: string) => errors[`company_structure.${index}.${field}`];
  return (
    <Fieldset legend={title}>
      <Stack gap="md">
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          <SimpleGrid key={index} cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('company.person_role', { number: index + 1 })}
              data={types}
              value={row.type}
              onChange={(type) => update(index, { type: type ?? 'DIRECTOR' })}
              allowDeselect={false}
              required
            />
            <TextInput
              label={t('company.person_ownership')}
              value={row.ownership_percent}
              onChange={(event) => update(index, { ownership_percent: event.currentTarget.value })}
              error={at(index, 'ownership_percent')}
              inputMode="numeric"
            />
            <TextInput
              label={t('company.person_first_name')}
              value={row.first_name}
              onChange={(event) => update(index, { first_name: event.currentTarget.value })}
              error={at(index, 'first_name')}
              required
            />
            <TextInput
              label={t('company.person_last_name')}
              value={row.last_name}
              onChange={(event) => update(index, { last_name: event.currentTarget.value })}
              error={at(index, 'last_name')}
              required
            />
          </SimpleGrid>
        ))}
        <RowButtons
          count={rows.length}
          onAdd={() =>
            onChange([...rows, { type: 'SHAREHOLDER', first_name: '', last_name: '', ownership_percent: '' }])
          }
          onRemove={() => onChange(rows.slice(0, -1))}
        />
      </Stack>
    </Fieldset>
  );
}

function RowButtons({ count, onAdd, onRemove }: { count: number; onAdd: () => void; onRemove: () => void }) {
  const { t } = useTranslation('onboarding');
  return (
    <Group gap="xs">
      <Button variant="light" size="xs" onClick={onAdd} disabled={count >= MAX_ROWS}>
        {t('company.add_row')}
      </Button>
      {count > 1 && (
        <Button variant="subtle" size="xs" onClick={onRemove}>
          {t('company.remove_row')}
        </Button>
      )}
    </Group>
  );
}
