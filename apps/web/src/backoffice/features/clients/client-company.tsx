import { SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/money';
import { Field } from '../../components/field';
import { Section } from '../../components/section';
import type { ClientDetail, CompanyProfileSections } from './api';

const partnerList = (partners: CompanyProfileSections['incoming_partners']) =>
  (partners ?? []).map((p) => `${p.name} (${p.country})`).join(', ') || null;

/** A company's activity, partners and related persons, as its onboarding saved them. */
export function ClientCompany({ profile }: { profile: ClientDetail['company_profile'] }) {
  const { t } = useTranslation('backoffice');
  const info = profile.client_info;
  const persons = profile.company_structure ?? [];
  return (
    <Section title={t('record.company')}>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Field label={t('record.activity_types')} value={(profile.activity_types ?? []).join(', ') || null} />
        <Field label={t('record.business_description')} value={info?.business_description} />
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
        <Field label={t('record.incoming_partners')} value={partnerList(profile.incoming_partners)} />
        <Field label={t('record.outgoing_partners')} value={partnerList(profile.outgoing_partners)} />
      </SimpleGrid>
      <Title order={3} fz="h5" mt="md" mb="xs">
        {t('record.related_persons')}
      </Title>
      {persons.length === 0 ? (
        <Text c="dimmed">{t('record.none')}</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('record.person')}</Table.Th>
              <Table.Th>{t('record.person_role')}</Table.Th>
              <Table.Th>{t('record.ownership')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {persons.map((person) => (
              <Table.Tr key={`${person.type}-${person.first_name}-${person.last_name}`}>
                <Table.Td>
                  {person.first_name} {person.last_name}
                </Table.Td>
                <Table.Td>{person.type}</Table.Td>
                <Table.Td className="tabular-figures">
                  {person.ownership_percent === undefined ? '–' : `${person.ownership_percent}%`}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}
