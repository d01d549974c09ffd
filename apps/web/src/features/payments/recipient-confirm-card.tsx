import type { Recipient } from '@bluepeak/core/payments';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmRecipient } from './api';
import { ScaCodeForm } from './sca-code-form';

/** A saved recipient waiting for its strong-authentication code. */
export function RecipientConfirmCard({
  awaiting,
  onConfirmed,
  onBack,
}: {
  awaiting: Recipient;
  onConfirmed: (confirmed: Recipient) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('payments');
  const confirm = useMutation({
    mutationFn: (code: string) => confirmRecipient(awaiting.id, code),
    meta: { silent: true },
    onSuccess: (answer) => onConfirmed(answer.data),
  });
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('recipient.confirm_title')}
        </Title>
        <Text size="sm">
          {t('recipient.confirm_hint', { name: awaiting.pending_details?.name ?? awaiting.name })}
        </Text>
        <ScaCodeForm
          factor={awaiting.sca?.factor}
          onSubmit={(code) => confirm.mutate(code)}
          pending={confirm.isPending}
          error={confirm.error}
          submitLabel={t('recipient.confirm')}
        />
        {awaiting.sca === null && (
          <Text size="sm" c="dimmed">
            {t('recipient.code_expired')}
          </Text>
        )}
        <Group>
          <Button variant="subtle" onClick={onBack}>
            {t('recipient.back_to_form')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
