import type { SettingsAnswer } from '@bluepeak/core/settings';
import { settingsBodies } from '@bluepeak/core/settings';
import {
  Badge,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CountrySelect } from '../../../components/country-select';
import { SaveBar } from './save-bar';
import { saveSettings } from './settings-api';
import { SettingsFrame } from './settings-frame';
import { useSettingsForm } from './use-settings-form';

// /dashboard/settings/partners/incoming, /outgoing and /new (docs/requirements/settings.md): who
// the company expects money from and pays, with countries on the FATF lists marked.
type Direction = 'incoming' | 'outgoing';

export default function PartnersPage() {
  const { t } = useTranslation('settings');
  const direction = useLocation().pathname.split('/').pop();
  const adding = direction === 'new';
  return (
    <SettingsFrame
      title={t(adding ? 'company.partners.new_title' : `company.partners.${direction as Direction}`)}
    >
      {(settings) =>
        adding ? (
          <NewPartnerForm settings={settings} />
        ) : (
          <PartnerTable partners={settings.partners[direction as Direction]} />
        )
      }
    </SettingsFrame>
  );
}

function PartnerTable({ partners }: { partners: SettingsAnswer['partners']['incoming'] }) {
  const { t } = useTranslation('settings');
  if (partners.length === 0) return <Text>{t('company.partners.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('company.partners.name')}</Table.Th>
            <Table.Th>{t('company.partners.country')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {partners.map((partner) => (
            <Table.Tr key={`${partner.name}-${partner.country}`}>
              <Table.Td>{partner.name}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  {partner.country}
                  {partner.high_risk && <Badge color="orange">{t('company.partners.high_risk')}</Badge>}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function NewPartnerForm({ settings }: { settings: SettingsAnswer }) {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const [direction, setDirection] = useState<Direction>('incoming');
  const [name, setName] = useState('');
  const [country, setCountry] = useState('');
  const strip = ({ high_risk: _, ...partner }: SettingsAnswer['partners']['incoming'][number]) => partner;
  const { mutation, submit, message, errors } = useSettingsForm(
    settingsBodies.partners,
    () => [...settings.partners[direction].map(strip), { name, country }],
    (body) => saveSettings(`partners/${direction}`, body),
    () => void navigate(`/dashboard/settings/partners/${direction}`),
  );
  const at = settings.partners[direction].length;
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SegmentedControl
            aria-label={t('company.partners.direction')}
            value={direction}
            onChange={(value) => setDirection(value as Direction)}
            data={(['incoming', 'outgoing'] as const).map((value) => ({
              value,
              label: t(`company.partners.${value}`),
            }))}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('company.partners.name')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={errors[`${at}.name`]}
              required
            />
            <CountrySelect
              label={t('company.partners.country')}
              value={country}
              onChange={setCountry}
              error={errors[`${at}.country`]}
            />
          </SimpleGrid>
          <SaveBar message={message} saved={mutation.isSuccess} pending={mutation.isPending} />
        </Stack>
      </form>
    </Card>
  );
}
