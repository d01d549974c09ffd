import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type DraftCondition = { description: string; presenter: 'buyer' | 'seller' };

/** The deal's conditions for release, each with the side that presents its documents. */
export function ConditionsField({
  value,
  onChange,
  errors,
}: {
  value: DraftCondition[];
  onChange: (next: DraftCondition[]) => void;
  /** The error at a path below the list (`0.description`, or '' for the list), in the visitor's words. */
  errors: (path: string) => string | undefined;
}) {
  const { t } = useTranslation('escrow');
  const change = (index: number, patch: Partial<DraftCondition>) =>
    onChange(value.map((item, at) => (at === index ? { ...item, ...patch } : item)));
  return (
    <Stack gap="xs">
      <Text fw={500}>{t('form.conditions')}</Text>
      {errors('') && (
        <Text size="sm" c="red" role="alert">
          {errors('')}
        </Text>
      )}
      {value.map((condition, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: conditions are edited in place, never reordered
        <Group key={index} align="flex-end" wrap="wrap">
          <TextInput
            style={{ flex: '1 1 12rem' }}
            label={t('form.condition', { number: index + 1 })}
            required
            value={condition.description}
            onChange={(event) => change(index, { description: event.currentTarget.value })}
            error={errors(`${index}.description`)}
          />
          <Select
            w={140}
            label={t('form.presenter')}
            allowDeselect={false}
            value={condition.presenter}
            onChange={(next) => change(index, { presenter: next === 'buyer' ? 'buyer' : 'seller' })}
            data={[
              { value: 'buyer', label: t('roles.buyer') },
              { value: 'seller', label: t('roles.seller') },
            ]}
          />
          {value.length > 1 && (
            <Button
              variant="subtle"
              color="red"
              onClick={() => onChange(value.filter((_, at) => at !== index))}
            >
              {t('form.remove')}
            </Button>
          )}
        </Group>
      ))}
      {value.length < 10 && (
        <Button
          variant="light"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => onChange([...value, { description: '', presenter: 'seller' }])}
        >
          {t('form.add_condition')}
        </Button>
      )}
    </Stack>
  );
}
