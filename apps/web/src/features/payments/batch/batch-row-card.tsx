import type { BatchRow } from '@bluepeak/core/payments';
import { Anchor, Badge, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../../components/money';
import { StatusBadge } from '../../../components/status-badge';
import { duplicateWords, rowDestination } from './row-destination';
import { rowPayee } from './row-payee';

type BatchRowCardProps = {
  batchId: string;
  row: BatchRow;
  editable: boolean;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
};

/**
 * One row of a batch: where it pays, its problems by column, the recent payment it looks like,
 * its amount and status; a draft's row is fixed or deleted, and a row without problems can be
 * saved as a recipient through the recipient form.
 */
export function BatchRowCard({ batchId, row, editable, deleting, onEdit, onDelete }: BatchRowCardProps) {
  const { t } = useTranslation('payments');
  const payee = rowPayee(row);
  const destination = rowDestination(row);
  return (
    <Card component="li" withBorder padding="sm" data-testid="batch-item" data-row={row.row}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={2} miw={0}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('batch.rows.row', { row: row.row })} · {row.name || '—'}
          </Text>
          {destination && (
            <Text
              size="sm"
              c="dimmed"
              data-testid="batch-row-destination"
              style={{ overflowWrap: 'anywhere' }}
            >
              {t('batch.rows.destination', { account: destination })}
            </Text>
          )}
          {row.errors.length > 0 && (
            <List size="xs" c="red" data-testid="batch-row-errors">
              {row.errors.map((error) => (
                <List.Item key={`${error.field}:${error.message}`}>
                  {t(`batch.columns.${error.field}`, { defaultValue: error.field })}: {error.message}
                </List.Item>
              ))}
            </List>
          )}
          {row.duplicate_of && (
            <Text size="xs" data-testid="batch-row-duplicate">
              {t('batch.rows.duplicate', duplicateWords(row.duplicate_of))}{' '}
              <Anchor component={Link} to={`/dashboard/payments/${row.duplicate_of.payment_id}`} size="xs">
                {t('batch.rows.duplicate_link')}
              </Anchor>
            </Text>
          )}
          {row.status_reason && (
            <Text size="xs" c="dimmed">
              {row.status_reason}
            </Text>
          )}
        </Stack>
        <Stack gap={4} align="flex-end">
          {row.amount !== null && row.currency && (
            <Text fw={700} size="sm">
              <Money amount={row.amount} currency={row.currency} />
            </Text>
          )}
          {row.duplicate_of ? (
            <StatusBadge status="possible_duplicate">{t('batch.row_status.duplicate')}</StatusBadge>
          ) : row.status === 'valid' || row.status === 'invalid' ? (
            <Badge variant="light" color={row.status === 'valid' ? 'green' : 'red'} data-status={row.status}>
              {t(`batch.row_status.${row.status}`)}
            </Badge>
          ) : (
            <StatusBadge status={row.status} testId="payment-status">
              {t(`status.${row.status}`, { defaultValue: row.status })}
            </StatusBadge>
          )}
        </Stack>
      </Group>
      {(editable || payee) && (
        <Group gap="xs" mt="xs">
          {editable && (
            <Button size="compact-sm" variant="light" onClick={onEdit}>
              {t('batch.rows.edit')}
            </Button>
          )}
          {editable && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              loading={deleting}
              onClick={onDelete}
              data-testid="batch-row-delete"
            >
              {t('batch.rows.delete')}
            </Button>
          )}
          {payee && (
            <Button
              size="compact-sm"
              variant="subtle"
              component={Link}
              to={`/dashboard/recipients/new?type=${payee.type}&next=batch&batch=${batchId}`}
              state={{ payee: payee.details }}
              data-testid="batch-row-save-recipient"
            >
              {t('batch.rows.save_recipient')}
            </Button>
          )}
        </Group>
      )}
    </Card>
  );
}
