import type { PaymentType } from '@bluepeak/core/payments';
import { paymentTypes } from '@bluepeak/core/payments';
import { Badge, Button, Card, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { usePageTitle } from '../../components/use-page-title';
import { recipientsQuery } from './api';
import { isPaymentType } from './payment-form';
import { awaitingCode, canPay, recipientAccountLine } from './recipient-summary';

// /dashboard/recipients (docs/requirements/recipients.md): the saved recipients, per payment type,
// with the way to pay one, change it or add a new one; one waiting for its code is marked and
// offers to finish saving it (enter the code, or save again for a new one) or remove it.
export default function RecipientsPage() {
  const { t } = useTranslation('payments');
  usePageTitle(t('recipients.title'));
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const type: PaymentType | undefined = isPaymentType(typeParam) ? typeParam : undefined;
  const recipients = useQuery(recipientsQuery(type));
  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={1}>{t('recipients.title')}</Title>
        <Button component={Link} to={`/dashboard/recipients/new${type ? `?type=${type}` : ''}`}>
          {t('recipients.add')}
        </Button>
      </Group>
      <Select
        label={t('recipients.filter')}
        value={type ?? 'all'}
        onChange={(value) => setParams(!value || value === 'all' ? {} : { type: value }, { replace: true })}
        data={[
          { value: 'all', label: t('recipients.all') },
          ...paymentTypes.map((value) => ({ value, label: t(`types.${value}`) })),
        ]}
        allowDeselect={false}
        maw={320}
      />
      {recipients.isPending && <Skeleton height={120} aria-busy="true" />}
      {recipients.isError && (
        <LoadFailedAlert
          title={t('errors.load_failed')}
          retryLabel={t('errors.retry')}
          onRetry={() => void recipients.refetch()}
        />
      )}
      {recipients.data?.length === 0 && <Text c="dimmed">{t('recipients.empty')}</Text>}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {recipients.data?.map((recipient) => (
          <Card key={recipient.id} component="li" withBorder padding="sm" data-testid="recipient-row">
            <Group justify="space-between" gap="xs">
              <Stack gap={2} miw={0} style={{ flex: '1 1 12rem' }}>
                <Group gap="xs">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {recipient.name}
                  </Text>
                  <Badge variant="light" size="sm">
                    {t(`types.${recipient.type}`)}
                  </Badge>
                  {awaitingCode(recipient) && (
                    <Badge color="yellow" variant="light" size="sm">
                      {t('recipients.awaiting_code')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed" className="tabular-figures" style={{ overflowWrap: 'anywhere' }}>
                  {recipientAccountLine(recipient.details)}
                </Text>
              </Stack>
              <Group gap="xs">
                {canPay(recipient) && (
                  <Button
                    size="xs"
                    component={Link}
                    to={`/dashboard/payments/${recipient.type}?recipient=${recipient.id}`}
                  >
                    {t('recipients.pay')}
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="default"
                  component={Link}
                  to={`/dashboard/recipients/${recipient.id}`}
                >
                  {t(awaitingCode(recipient) ? 'recipients.finish' : 'recipients.edit')}
                </Button>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
