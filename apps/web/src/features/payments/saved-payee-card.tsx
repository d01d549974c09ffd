import type { PaymentType, Recipient } from '@bluepeak/core/payments';
import { Anchor, Card, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecipientLines } from './recipient-lines';

/** The saved recipient a payment goes to, with the way to choose another. */
export function SavedPayeeCard({ type, recipient }: { type: PaymentType; recipient: Recipient }) {
  const { t } = useTranslation('payments');
  return (
    <Card withBorder padding="sm" bg="gray.0" data-testid="saved-payee">
      <Group justify="space-between" gap="xs">
        <Stack gap={0} miw={0}>
          <RecipientLines recipient={recipient} />
        </Stack>
        <Anchor component={Link} to={`/dashboard/recipients/choose?type=${type}`} size="sm">
          {t('new.change_payee')}
        </Anchor>
      </Group>
    </Card>
  );
}
