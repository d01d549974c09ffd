import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { formatDate } from '../../lib/format-date';
import { useIdempotentMutation } from '../../lib/idempotency-key';
import { orderReferenceLetter, referenceLettersKey, referenceLettersQuery } from './api';

// Reference letters (docs/requirements/statements.md): order one, see its fee (free in the UK,
// by region elsewhere, charged from the euro balance or owed until it covers it) and download it.
export function ReferenceLetters() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const letters = useQuery(referenceLettersQuery);
  const { mutation, send } = useIdempotentMutation({
    request: orderReferenceLetter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referenceLettersKey }),
  });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="letters-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" id="letters-heading">
          {t('letters.title')}
        </Title>
        <Button onClick={() => send({})} loading={mutation.isPending}>
          {t('letters.order')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('letters.intro')}
      </Text>
      {mutation.isError && <Text c="red">{t('letters.failed')}</Text>}
      <Stack gap="xs" data-testid="reference-letters">
        {(letters.data ?? []).map((letter) => (
          <Group key={letter.id} justify="space-between" wrap="wrap">
            <Text size="sm">{formatDate(letter.created_at)}</Text>
            <Group gap="xs">
              <Text size="sm" data-testid="letter-fee">
                {letter.fee.status === 'free' ? (
                  t('letters.free')
                ) : (
                  <Money amount={letter.fee.amount} currency={letter.fee.currency} />
                )}
              </Text>
              <StatusBadge status={letter.fee.status === 'owed' ? 'pending' : 'completed'}>
                {t(`letters.status_${letter.fee.status}`)}
              </StatusBadge>
              {letter.letter_url && (
                <Anchor href={letter.letter_url} download size="sm">
                  {t('letters.download')}
                </Anchor>
              )}
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
