import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Money } from '../../components/money';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { backoffice, type ClientDetail, useMe } from '../api';
import { LoadFailed } from '../components/load-failed';
import { RequirePermission } from '../layout';
import { ClientActions, IdentificationActions } from './client-actions';
import { ClientDeactivation } from './client-deactivation';
import { ClientDocuments } from './client-documents';
import { ClientMoney } from './client-money';

// A client's full record for review (docs/requirements/back-office.md): identity, contact,
// addresses, identity checks, company data and related persons, documents, and every decision taken
// so far.
export default function ClientRecordPage() {
  return (
    <RequirePermission needs="viewClients">
      <ClientRecord />
    </RequirePermission>
  );
}

type Partner = { name: string; country: string };
type Person = { type: string; first_name: string; last_name: string; ownership_percent?: number };
type ClientInfo = {
  business_description: string;
  website?: string;
  expected_monthly_turnover?: { amount: number; currency: string };
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section">
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value ?? '–'}
      </Text>
    </Stack>
  );
}

function ClientRecord() {
  const { t } = useTranslation('backoffice');
  const { id = '' } = useParams();
  const me = useMe();
  const record = useQuery({
    queryKey: ['backoffice', 'client', id],
    queryFn: ({ signal }) => backoffice<{ data: ClientDetail }>(`/clients/${id}`, { signal }),
    select: (answer) => answer.data,
  });
  useEffect(() => {
    document.title = record.data?.client.name || t('record.title');
  }, [record.data, t]);
  if (record.isPending) return <Skeleton role="status" h={320} aria-label={t('loading')} />;
  if (record.isError) return <LoadFailed onRetry={() => void record.refetch()} />;
  const { client, addresses, identifications, documents, company_profile: profile, reviews } = record.data;
  const permissions = me.data?.permissions;
  const info = profile.client_info as ClientInfo | undefined;
  const persons = (profile.company_structure as Person[] | undefined) ?? [];
  const pendingUpdates = Object.entries(record.data.update_require).filter(([, needed]) => needed);

  return (
    <Stack>
      <Anchor component={Link} to={`/clients?status=${client.status}`} size="sm">
        {t('record.back')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{client.name || client.email}</Title>
          <Group gap="xs">
            <Badge data-testid="client-status">{t(`status.${client.status}` as 'status.NEW')}</Badge>
            <Badge variant="outline">{t(`client_type.${client.type}`)}</Badge>
            {client.update_required && (
              <Badge autoContrast color="yellow.4">
                {t('record.update_pending')}
              </Badge>
            )}
          </Group>
        </Stack>
        {permissions?.decideClients && <ClientActions clientId={client.id} status={client.status} />}
      </Group>

      {permissions?.reviewDeactivations && <ClientDeactivation clientId={client.id} />}

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

      <Section title={t('record.identification')}>
        {identifications.length === 0 ? (
          <Text c="dimmed">{t('record.none')}</Text>
        ) : (
          <Stack>
            {identifications.map((submission) => (
              <Group key={submission.id} justify="space-between">
                <Group gap="xs">
                  <Badge variant="outline">{submission.document_type}</Badge>
                  <Badge
                    autoContrast
                    color={
                      submission.status === 'APPROVED'
                        ? '#1e6b34'
                        : submission.status === 'REJECTED'
                          ? 'red.9'
                          : 'yellow.4'
                    }
                  >
                    {submission.status}
                  </Badge>
                  <Text size="sm" className="tabular-figures">
                    {formatDateTime(submission.created_at)}
                  </Text>
                  {submission.date_of_birth && (
                    <Text size="sm" className="tabular-figures">
                      {t('record.born', { date: formatDate(submission.date_of_birth) })}
                    </Text>
                  )}
                  {submission.document_expires_on && (
                    <Text size="sm" className="tabular-figures">
                      {t('record.document_expires', { date: formatDate(submission.document_expires_on) })}
                    </Text>
                  )}
                  {submission.decision_reason && <Text size="sm">{submission.decision_reason}</Text>}
                </Group>
                {submission.status === 'PENDING' && permissions?.decideClients && (
                  <IdentificationActions submissionId={submission.id} />
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Section>

      {client.type === 'CORPORATE' && (
        <Section title={t('record.company')}>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Field
              label={t('record.activity_types')}
              value={((profile.activity_types as string[] | undefined) ?? []).join(', ') || null}
            />
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
            <Field
              label={t('record.incoming_partners')}
              value={
                ((profile.incoming_partners as Partner[] | undefined) ?? [])
                  .map((p) => `${p.name} (${p.country})`)
                  .join(', ') || null
              }
            />
            <Field
              label={t('record.outgoing_partners')}
              value={
                ((profile.outgoing_partners as Partner[] | undefined) ?? [])
                  .map((p) => `${p.name} (${p.country})`)
                  .join(', ') || null
              }
            />
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
      )}

      {(permissions?.recordIncomingPayment ||
        permissions?.proposeAdjustment ||
        record.data.accounts.length > 0) && (
        <Section title={t('money.title')}>
          <ClientMoney clientId={client.id} accounts={record.data.accounts} permissions={permissions} />
        </Section>
      )}

      <Section title={t('record.documents')}>
        <ClientDocuments
          clientId={client.id}
          documents={documents}
          canView={permissions?.viewDocuments ?? false}
        />
      </Section>

      <Section title={t('record.history')}>
        {reviews.length === 0 ? (
          <Text c="dimmed">{t('record.none')}</Text>
        ) : (
          <Stack gap="xs">
            {reviews.map((review) => (
              <Text key={review.id} size="sm">
                <span className="tabular-figures">{formatDateTime(review.created_at)}</span> ·{' '}
                <strong>{t(`review_action.${review.action}` as 'review_action.application_approved')}</strong>{' '}
                · {review.operator_email}
                {review.reason ? ` · ${review.reason}` : ''}
              </Text>
            ))}
          </Stack>
        )}
      </Section>
    </Stack>
  );
}
