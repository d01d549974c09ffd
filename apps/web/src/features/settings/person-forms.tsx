import { clientPersonTypes, sourceOfWealthTypes } from '@bluepeak/core/reference';
import type { RelatedPersonAnswer } from '@bluepeak/core/settings';
import { relatedPersonSchema, wealthSchema } from '@bluepeak/core/settings';
import {
  Button,
  Card,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CountrySelect } from '../../components/country-select';
import { DateField } from '../../components/date-field';
import { SaveBar } from '../../components/save-bar';
import { saveSettings } from '../../lib/queries/settings';
import { useSettingsForm } from '../../lib/use-settings-form';
import { addRelatedPerson } from './settings-api';

// A related person's details (new or changed) and their source of wealth.
export function PersonDetailsForm({ person }: { person?: RelatedPersonAnswer }) {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const [values, setValues] = useState({
    first_name: person?.first_name ?? '',
    last_name: person?.last_name ?? '',
    date_of_birth: person?.date_of_birth ?? '',
    nationality: person?.nationality ?? '',
    email: person?.email ?? '',
  });
  const [roles, setRoles] = useState<string[]>(person?.roles ?? ['DIRECTOR']);
  const [ownership, setOwnership] = useState<number>(person?.ownership_percent ?? 0);
  const body = () => {
    const { email, ...rest } = values;
    return { ...rest, roles, ownership_percent: ownership, ...(email.trim() ? { email: email.trim() } : {}) };
  };
  const { mutation, submit, message, errors } = useSettingsForm(
    relatedPersonSchema,
    body,
    async (value): Promise<string | undefined> => {
      if (person) await saveSettings(`related_persons/${person.id}`, value);
      return person ? undefined : (await addRelatedPerson(value)).data.id;
    },
    (created) => {
      if (created) void navigate(`/dashboard/settings/related-persons/${created}`);
    },
  );
  const field = (name: 'first_name' | 'last_name' | 'email', type = 'text') => (
    <TextInput
      label={t(`company.persons.${name}`)}
      type={type}
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.currentTarget.value })}
      error={errors[name]}
      required={name !== 'email'}
    />
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field('first_name')}
          {field('last_name')}
          <DateField
            label={t('company.persons.date_of_birth')}
            required
            value={values.date_of_birth}
            onChange={(date_of_birth) => setValues((current) => ({ ...current, date_of_birth }))}
            error={errors.date_of_birth}
          />
          <CountrySelect
            label={t('company.persons.nationality')}
            value={values.nationality}
            onChange={(nationality) => setValues({ ...values, nationality })}
            error={errors.nationality}
          />
          {field('email', 'email')}
          <NumberInput
            label={t('company.persons.ownership')}
            value={ownership}
            onChange={(value) => setOwnership(typeof value === 'number' ? value : 0)}
            min={0}
            max={100}
            suffix="%"
            error={errors.ownership_percent}
          />
        </SimpleGrid>
        <MultiSelect
          label={t('company.persons.roles')}
          data={clientPersonTypes.map((type) => ({ value: type.code, label: type.name }))}
          value={roles}
          onChange={setRoles}
          error={errors.roles}
          required
        />
        <SaveBar message={message} saved={mutation.isSuccess} pending={mutation.isPending} />
      </Stack>
    </form>
  );
}

export function WealthForm({ person }: { person: RelatedPersonAnswer }) {
  const { t } = useTranslation('settings');
  const [sources, setSources] = useState<string[]>(person.wealth?.sources ?? []);
  const [description, setDescription] = useState(person.wealth?.description ?? '');
  const { mutation, submit, message, errors } = useSettingsForm(
    wealthSchema,
    () => ({ sources, description }),
    (value) => saveSettings(`related_persons/${person.id}/wealth`, value),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <MultiSelect
          label={t('company.persons.wealth_sources')}
          data={sourceOfWealthTypes.map((type) => ({ value: type.code, label: type.name }))}
          value={sources}
          onChange={setSources}
          error={errors.sources}
          required
        />
        <Textarea
          label={t('company.persons.wealth_description')}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={errors.description}
          autosize
          minRows={3}
          required
        />
        <SaveBar message={message} saved={mutation.isSuccess} pending={mutation.isPending} />
      </Stack>
    </form>
  );
}

/** A person's declared source of wealth, with the way to change it. */
export function WealthSummary({ person }: { person: RelatedPersonAnswer }) {
  const { t } = useTranslation('settings');
  const names = new Map<string, string>(sourceOfWealthTypes.map((type) => [type.code, type.name]));
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Text fw={600}>{t('company.persons.wealth_sources')}</Text>
        <Text>{person.wealth?.sources.map((code) => names.get(code) ?? code).join(', ')}</Text>
        <Text fw={600}>{t('company.persons.wealth_description')}</Text>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{person.wealth?.description}</Text>
        <Button
          component={Link}
          to={`/dashboard/settings/related-persons/${person.id}/${person.id}/edit-wealth`}
          variant="light"
          w="fit-content"
        >
          {t('company.persons.wealth_edit')}
        </Button>
      </Stack>
    </Card>
  );
}
