import { referralGuard } from '@bluepeak/core/onboarding';
import { Alert, Badge, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { DataTable } from '../../components/data-table';
import { usePageTitle } from '../../components/use-page-title';
import { useClient } from '../../lib/client-session';
import { formatDate } from '../../lib/format-date';
import { referralsQuery } from './api';
import { CopyField } from './copy-field';

// /dashboard/referral (docs/requirements/accounts.md and docs/requirements/security.md): only for
// clients with a referral_id (the route guard sends the others to their accounts). Their link, and
// who signed up with it.
export default function ReferralPage() {
  const client = useClient();
  const elsewhere = referralGuard(client);
  if (elsewhere) return <Navigate to={elsewhere} replace />;
  return <Referrals />;
}

function Referrals() {
  const { t } = useTranslation('dashboard');
  usePageTitle(t('referral.title'));
  const referrals = useQuery(referralsQuery);
  const people = referrals.data?.referrals.data ?? [];
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('referral.title')}</Title>
        <Text c="dimmed">{t('referral.intro')}</Text>
      </Stack>
      {referrals.isPending && <Skeleton role="status" height={120} aria-label={t('referral.loading')} />}
      {referrals.data && (
        <Card withBorder padding="lg">
          <Stack gap="md">
            <CopyField label={t('referral.link')} value={referrals.data.link} />
            <CopyField label={t('referral.code')} value={referrals.data.referral_id} />
          </Stack>
        </Card>
      )}
      {referrals.data && (
        <Card withBorder padding="lg" component="section" aria-labelledby="referred">
          <Title order={2} fz="lg" id="referred" mb="sm">
            {t('referral.signed_up')}
          </Title>
          {people.length === 0 ? (
            <Alert color="gray">{t('referral.none')}</Alert>
          ) : (
            <DataTable
              minWidth={420}
              verticalSpacing="xs"
              head={
                <>
                  <Table.Th>{t('referral.name')}</Table.Th>
                  <Table.Th>{t('referral.type')}</Table.Th>
                  <Table.Th>{t('referral.date')}</Table.Th>
                  <Table.Th>{t('referral.status')}</Table.Th>
                </>
              }
            >
              {people.map((person) => (
                <Table.Tr key={`${person.name}-${person.signed_up_at}`}>
                  <Table.Td>{person.name}</Table.Td>
                  <Table.Td>
                    {person.type === 'PRIVATE' ? t('referral.private') : t('referral.corporate')}
                  </Table.Td>
                  <Table.Td className="tabular-figures">{formatDate(person.signed_up_at)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge color={person.approved ? 'teal.9' : 'gray.7'} variant="light">
                        {person.approved ? t('referral.approved') : t('referral.pending')}
                      </Badge>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          )}
        </Card>
      )}
    </Stack>
  );
}
