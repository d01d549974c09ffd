import type { SettingsAnswer } from '@bluepeak/core/settings';
import { settingsBodies } from '@bluepeak/core/settings';
import {
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CountrySelect } from '../../components/country-select';
import { SaveBar } from '../../components/save-bar';
import { saveSettings } from '../../lib/queries/settings';
import { useSettingsForm } from '../../lib/use-settings-form';
import { RemoveDialog } from './remove-dialog';
import { removePartner } from './settings-api';
import { SettingsFrame } from './settings-frame';

// /dashboard/settings/partners/incoming, /outgoing and /new (docs/requirements/settings.md): who
// the company expects money from and pays, with countries on the FATF lists marked; any but the
// last of a direction can be removed.
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
          <PartnerTable
            direction={direction as Direction}
            partners={settings.partners[direction as Direction]}
          />
        )
      }
    </SettingsFrame>
  );
}

function PartnerTable({
  direction,
  partners,
}: {
  direction: Direction;
  partners: SettingsAnswer['partners']['incoming'];
}) {
  const { t } = useTranslation('settings');
  const [removing, setRemoving] = useState<number | null>(null);
  if (partners.length === 0) return <Text>{t('company.partners.none')}</Text>;
  const partner = removing === null ? undefined : partners[removing];
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('company.partners.name')}</Table.Th>
            <Table.Th>{t('company.partners.country')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('company.remove.action')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {partners.map((each, position) => (
            <Table.Tr key={`${each.name}-${each.country}`}>
              <Table.Td>{each.name}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  {each.country}
                  {each.high_risk && <Badge color="orange">{t('company.partners.high_risk')}</Badge>}
                </Group>
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  aria-label={t('company.remove.partner_label', { name: each.name })}
                  onClick={() => setRemoving(position)}
                >
                  {t('company.remove.action')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {partner && removing !== null && (
        <RemoveDialog
          title={t('company.remove.partner_title')}
          question={t('company.remove.partner_question', { name: partner.name })}
          remove={() => removePartner(direction, removing, partner.name)}
          onClose={() => setRemoving(null)}
        />
      )}
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
