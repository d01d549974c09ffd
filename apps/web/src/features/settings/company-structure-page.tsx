import { clientPersonTypes } from '@bluepeak/core/reference';
import type { SettingsAnswer } from '@bluepeak/core/settings';
import { settingsBodies } from '@bluepeak/core/settings';
import { Anchor, Card, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type PersonRow, PersonRows } from '../../components/company-rows';
import { SaveBar } from '../../components/save-bar';
import { codeNames } from '../../lib/code-names';
import { saveSettings } from '../../lib/queries/settings';
import { useSettingsForm } from '../../lib/use-settings-form';
import { PersonLink } from './person-link';
import { SettingsFrame } from './settings-frame';

// /dashboard/settings/company-structure (docs/requirements/settings.md): who owns and runs the
// company. The shares add up to 100% at most; a person at 25% or more is a beneficial owner
// and gets a record under related persons, where their documents go.
export default function CompanyStructurePage() {
  const { t } = useTranslation('settings');
  return (
    <SettingsFrame title={t('company.structure.title')} intro={t('company.structure.intro')}>
      {(settings) => (
        <>
          <OwnershipTable settings={settings} />
          <Anchor component={Link} to="/dashboard/settings/related-clients" size="sm" w="fit-content">
            {t('company.structure.related_clients')}
          </Anchor>
          <StructureForm settings={settings} />
        </>
      )}
    </SettingsFrame>
  );
}

function OwnershipTable({ settings }: { settings: SettingsAnswer }) {
  const { t } = useTranslation('settings');
  const total = settings.company_structure.reduce((sum, row) => sum + (row.ownership_percent ?? 0), 0);
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table aria-label={t('company.structure.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('company.structure.person')}</Table.Th>
            <Table.Th>{t('company.structure.role')}</Table.Th>
            <Table.Th ta="right">{t('company.structure.ownership')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {settings.related_persons.map((person) => (
            <Table.Tr key={person.id}>
              <Table.Td>
                <PersonLink person={person} />
              </Table.Td>
              <Table.Td>{codeNames(person.roles)}</Table.Td>
              <Table.Td ta="right">{person.ownership_percent}%</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" mt="xs">
        {t('company.structure.total', { total })}
      </Text>
    </Table.ScrollContainer>
  );
}

function StructureForm({ settings }: { settings: SettingsAnswer }) {
  const { t } = useTranslation('settings');
  const [rows, setRows] = useState<PersonRow[]>(() =>
    settings.company_structure.length > 0
      ? settings.company_structure.map((row) => ({
          type: row.type,
          first_name: row.first_name,
          last_name: row.last_name,
          ownership_percent: String(row.ownership_percent ?? ''),
        }))
      : [{ type: 'DIRECTOR', first_name: '', last_name: '', ownership_percent: '' }],
  );
  // A row names a recorded person by their name; the API links it to that record.
  const body = () =>
    rows.map(({ ownership_percent, ...row }) => ({
      ...row,
      ...(ownership_percent.trim() === '' ? {} : { ownership_percent: Number(ownership_percent) }),
    }));
  const { mutation, submit, message, errors } = useSettingsForm(
    settingsBodies.company_structure,
    body,
    (value) => saveSettings('company_structure', value),
  );
  const prefixed = Object.fromEntries(
    Object.entries(errors).map(([key, value]) => [`company_structure.${key}`, value]),
  );
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PersonRows
            title={t('company.structure.edit')}
            rows={rows}
            onChange={setRows}
            errors={prefixed}
            types={clientPersonTypes.map((type) => ({ value: type.code, label: type.name }))}
          />
          <SaveBar
            message={message ?? errors._form}
            saved={mutation.isSuccess}
            pending={mutation.isPending}
          />
        </Stack>
      </form>
    </Card>
  );
}
