import { Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { FormMessage } from '../../components/form-message';
import { usePageTitle } from '../../components/use-page-title';
import { problemMessage } from '../../lib/api-error-message';
import { recipientsQuery } from './api';
import { isPaymentType } from './payment-form';
import { PAYMENT_TEXTS } from './problem-texts';
import { RecipientLines } from './recipient-lines';
import { canPay } from './recipient-summary';

// /dashboard/recipients/choose?type=…: pick a saved recipient for a new payment, or pay
// someone new (typed into the payment form, optionally saved).
export default function RecipientChoosePage() {
  const { t } = useTranslation('payments');
  usePageTitle(t('choose.title'));
  const [params] = useSearchParams();
  const type = params.get('type');
  const valid = isPaymentType(type);
  const recipients = useQuery({ ...recipientsQuery(valid ? type : undefined), enabled: valid });
  if (!valid) return <Navigate to="/dashboard/payments/type" replace />;
  const usable = recipients.data?.filter(canPay) ?? [];
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/dashboard/payments/type" size="sm">
        ← {t('choose.back')}
      </Anchor>
      <Title order={1}>{t('choose.title')}</Title>
      <Text c="dimmed">{t(`types.${type}`)}</Text>
      <Group gap="sm">
        <Button component={Link} to={`/dashboard/payments/${type}?recipient=new`} data-testid="new-payee">
          {t('choose.new_payee')}
        </Button>
        <Button variant="default" component={Link} to={`/dashboard/recipients/new?type=${type}&next=payment`}>
          {t('choose.save_new')}
        </Button>
      </Group>
      {recipients.isPending && <Skeleton height={120} aria-busy="true" />}
      <FormMessage
        message={recipients.isError ? problemMessage(recipients.error, PAYMENT_TEXTS) : undefined}
      />
      {recipients.data && usable.length === 0 && <Text c="dimmed">{t('choose.none')}</Text>}
      <Stack gap="xs">
        {usable.map((recipient) => (
          <Card
            key={recipient.id}
            withBorder
            padding="sm"
            component={Link}
            to={`/dashboard/payments/${type}?recipient=${recipient.id}`}
            data-testid="choose-recipient"
          >
            <RecipientLines recipient={recipient} />
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
