import { Badge, Group, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { StatusBadge } from '../../../components/status-badge';
import { codeNames } from '../../../lib/code-names';
import { peopleDayOf } from '../../../lib/day-text';
import { Field } from '../../components/field';
import { Section } from '../../components/section';
import type { ClientDetail } from './api';

// A company's whole profile for a compliance officer: what it does, its people with their
// ownership and whether each is complete, and its partners with high-risk countries marked.
export function ClientCompany({ detail }: { detail: ClientDetail }) {
  const { t } = useTranslation('backoffice');
  const profile = detail.company_profile;
  const info = profile.client_info;
  return (
    <Section title={t('record.company')}>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Field label={t('record.activity_types')} value={(profile.activity_types ?? []).join(', ') || null} />
        <Field label={t('record.business_description')} value={info?.business_description} />
        <Field label={t('record.registration_number')} value={info?.registration_number} />
        <Field label={t('record.legal_form')} value={info?.legal_form} />
        <Field label={t('record.tax_residence')} value={info?.tax_residence} />
        <Field
          label={t('record.registration_date')}
          value={info?.registration_date ? peopleDayOf(info.registration_date) : null}
        />
        <Field label={t('record.website')} value={info?.website} />
        <Field
          label={t('record.turnover')}
          value={
            info?.expected_monthly_turnover ? (
              <Money
                amount={info.expected_monthly_turnover.amount}
                currency={info.expected_monthly_turnover.currency}
              />
            ) : null
          }
        />
      </SimpleGrid>
      <Title order={3} fz="h5" mt="md" mb="xs">
        {t('record.related_persons')}
      </Title>
      <People persons={detail.related_persons} />
      <Title order={3} fz="h5" mt="md" mb="xs">
        {t('record.partners')}
      </Title>
      <Partners partners={detail.partners} />
    </Section>
  );
}

function People({ persons }: { persons: ClientDetail['related_persons'] }) {
  const { t } = useTranslation('backoffice');
  if (persons.length === 0) return <Text c="dimmed">{t('record.none')}</Text>;
  const total = persons.reduce((sum, person) => sum + person.ownership_percent, 0);
  return (
    <DataTable
      minWidth={560}
      head={
        <>
          <Table.Th>{t('record.person')}</Table.Th>
          <Table.Th>{t('record.person_role')}</Table.Th>
          <Table.Th>{t('record.ownership')}</Table.Th>
          <Table.Th>{t('record.person_documents')}</Table.Th>
        </>
      }
    >
      {persons.map((person) => (
        <Table.Tr key={person.id}>
          <Table.Td>
            {person.first_name} {person.last_name}
            <Text size="xs" c="dimmed">
              {[person.date_of_birth, person.nationality].filter(Boolean).join(' · ')}
            </Text>
          </Table.Td>
          <Table.Td>{codeNames(person.roles)}</Table.Td>
          <Table.Td className="tabular-figures">{person.ownership_percent}%</Table.Td>
          <Table.Td>
            <Group gap="xs">
              <StatusBadge status={person.complete ? 'completed' : 'rejected'}>
                {t(person.complete ? 'record.person_complete' : 'record.person_incomplete')}
              </StatusBadge>
              <Text size="sm">{codeNames(person.documents.map((document) => document.kind))}</Text>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
      <Table.Tr>
        <Table.Td colSpan={2}>{t('record.ownership_total')}</Table.Td>
        <Table.Td className="tabular-figures">{total}%</Table.Td>
        <Table.Td />
      </Table.Tr>
    </DataTable>
  );
}

function Partners({ partners }: { partners: ClientDetail['partners'] }) {
  const { t } = useTranslation('backoffice');
  const rows = [
    ...partners.incoming.map((partner) => ({ ...partner, direction: 'incoming' as const })),
    ...partners.outgoing.map((partner) => ({ ...partner, direction: 'outgoing' as const })),
  ];
  if (rows.length === 0) return <Text c="dimmed">{t('record.none')}</Text>;
  return (
    <DataTable
      minWidth={480}
      head={
        <>
          <Table.Th>{t('record.partner')}</Table.Th>
          <Table.Th>{t('record.partner_direction')}</Table.Th>
          <Table.Th>{t('record.partner_country')}</Table.Th>
        </>
      }
    >
      {rows.map((partner) => (
        <Table.Tr key={`${partner.direction}-${partner.name}-${partner.country}`}>
          <Table.Td>{partner.name}</Table.Td>
          <Table.Td>{t(`record.partner_${partner.direction}`)}</Table.Td>
          <Table.Td>
            <Group gap="xs">
              {partner.country}
              {partner.high_risk && <Badge color="orange">{t('record.high_risk')}</Badge>}
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
