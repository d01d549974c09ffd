import { Alert, List, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { Field } from '../../components/field';
import { Section } from '../../components/section';
import type { ClientDetail } from './api';

/** Who the client is and how to reach them, and the data they were asked to update. */
export function ClientDetails({
  client,
  updateRequire,
  terms,
}: {
  client: ClientDetail['client'];
  updateRequire: ClientDetail['update_require'];
  terms: ClientDetail['terms_acceptance'];
}) {
  const { t } = useTranslation('backoffice');
  const pendingUpdates = Object.entries(updateRequire).filter(([, needed]) => needed);
  return (
    <Section title={t('record.details')}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {client.type === 'CORPORATE' ? (
          <>
            <Field label={t('record.company_name')} value={client.company_name} />
            <Field label={t('record.registration_number')} value={client.registration_number} />
            <Field label={t('record.contact_person')} value={client.contact_person} />
          </>
        ) : (
          <>
            <Field label={t('record.first_name')} value={client.first_name} />
            <Field label={t('record.last_name')} value={client.last_name} />
          </>
        )}
        <Field
          label={t('record.email')}
          value={`${client.email} (${t(client.email_confirmed ? 'record.confirmed' : 'record.unconfirmed')})`}
        />
        <Field
          label={t('record.phone')}
          value={`${client.phone} (${t(client.phone_verified ? 'record.verified' : 'record.unverified')})`}
        />
        <Field label={t('record.country')} value={client.country} />
        <Field label={t('record.second_factor')} value={client.second_factor} />
        <Field label={t('record.signed_up')} value={formatDateTime(client.created_at)} />
        <Field
          label={t('record.terms_accepted')}
          value={
            terms
              ? t('record.terms_versions', {
                  terms: terms.terms_version,
                  privacy: terms.privacy_version,
                  at: formatDateTime(terms.accepted_at),
                })
              : t('record.terms_not_recorded')
          }
        />
        <Field label={t('record.referral')} value={client.referral_id} />
      </SimpleGrid>
      {pendingUpdates.length > 0 && (
        <Alert color="yellow" mt="md" title={t('record.update_pending')}>
          {pendingUpdates
            .map(([flag]) => t(`record.flags.${flag}` as 'record.flags.address_require'))
            .join(', ')}
        </Alert>
      )}
    </Section>
  );
}

export function ClientAddresses({ addresses }: { addresses: ClientDetail['addresses'] }) {
  const { t } = useTranslation('backoffice');
  return (
    <Section title={t('record.addresses')}>
      {addresses.length === 0 ? (
        <Text c="dimmed">{t('record.none')}</Text>
      ) : (
        <List>
          {addresses.map((address) => (
            <List.Item key={address.type}>
              <strong>{address.type}</strong>: {address.address}, {address.city} {address.postcode},{' '}
              {address.country}
            </List.Item>
          ))}
        </List>
      )}
    </Section>
  );
}
