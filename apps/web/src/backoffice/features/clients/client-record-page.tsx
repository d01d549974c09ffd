import { Alert, Anchor, Badge, Group, List, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { LoadFailed } from '../../components/load-failed';
import { RequirePermission } from '../../components/require-permission';
import { Section } from '../../components/section';
import { type Permissions, useMe } from '../../lib/api';
import { type ClientDetail, clientQuery } from './api';
import { ClientActions } from './client-actions';
import { ClientCompany } from './client-company';
import { ClientDeactivation } from './client-deactivation';
import { ClientAddresses, ClientDetails } from './client-details';
import { ClientDocuments } from './client-documents';
import { ClientHistory } from './client-history';
import { ClientIdentifications } from './client-identifications';
import { ClientMoney } from './client-money';
import { ClientRelatedClients } from './client-related-clients';
import { ClientStatements } from './client-statements';
import { AcceptUpdateButton } from './document-actions';

// A client's full record for review (docs/requirements/back-office.md): identity, contact, addresses, identity checks,
// company data and related persons, documents, and every decision taken so far.
export default function ClientRecordPage() {
  return (
    <RequirePermission needs="viewClients">
      <ClientRecord />
    </RequirePermission>
  );
}

function ClientRecord() {
  const { t } = useTranslation('backoffice');
  const { id = '' } = useParams();
  const me = useMe();
  const record = useQuery(clientQuery(id));
  usePageTitle(record.data?.client.name || t('record.title'), undefined, null);
  if (record.isPending) return <Skeleton role="status" h={320} aria-label={t('loading')} />;
  if (record.isError) return <LoadFailed onRetry={() => void record.refetch()} />;
  const { client, accounts } = record.data;
  const permissions = me.data?.permissions;
  return (
    <Stack>
      <Anchor component={Link} to={`/clients?status=${client.status}`} size="sm">
        {t('record.back')}
      </Anchor>
      <RecordHeader client={client} permissions={permissions} />
      {record.data.application_gaps.length > 0 && <ApplicationGaps gaps={record.data.application_gaps} />}
      {record.data.update_submitted_at && permissions?.decideClients && (
        <Alert color="yellow" title={t('record.update_sent')}>
          <AcceptUpdateButton clientId={client.id} />
        </Alert>
      )}
      {permissions?.reviewDeactivations && (
        <ClientDeactivation clientId={client.id} clientName={client.name || client.email} />
      )}
      <ClientDetails
        client={client}
        updateRequire={record.data.update_require}
        terms={record.data.terms_acceptance}
      />
      <ClientAddresses addresses={record.data.addresses} />
      <ClientIdentifications
        identifications={record.data.identifications}
        canDecide={permissions?.decideClients ?? false}
      />
      {client.type === 'CORPORATE' && <ClientCompany detail={record.data} />}
      <ClientRelatedClients links={record.data.related_clients} />
      {(permissions?.recordIncomingPayment || permissions?.proposeAdjustment || accounts.length > 0) && (
        <Section title={t('money.title')}>
          <ClientMoney clientId={client.id} accounts={accounts} permissions={permissions} />
        </Section>
      )}
      {accounts.length > 0 && (
        <Section title={t('statements.title')}>
          <ClientStatements clientId={client.id} accounts={accounts} />
        </Section>
      )}
      <Section title={t('record.documents')}>
        <ClientDocuments
          clientId={client.id}
          documents={record.data.documents}
          canView={permissions?.viewDocuments ?? false}
          canDecide={permissions?.decideClients ?? false}
        />
      </Section>
      <ClientHistory reviews={record.data.reviews} />
    </Stack>
  );
}

/** What the application still lacks, so the reviewer knows why there is no Approve. */
function ApplicationGaps({ gaps }: { gaps: ClientDetail['application_gaps'] }) {
  const { t } = useTranslation('backoffice');
  return (
    <Alert color="yellow" title={t('record.gaps_title')} data-testid="application-gaps">
      <List size="sm">
        {gaps.map((gap) => (
          <List.Item key={gap}>{t(`record.gaps.${gap}`)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

function RecordHeader({
  client,
  permissions,
}: {
  client: ClientDetail['client'];
  permissions: Permissions | undefined;
}) {
  const { t } = useTranslation('backoffice');
  return (
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
  );
}
