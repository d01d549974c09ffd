import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  draft: 'gray',
  processing: 'blue',
  completed: 'green',
  cancelled: 'gray',
  on_hold: 'yellow',
  returned: 'red',
};

/** A batch's status, worded in the payments texts. */
export function BatchStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('payments');
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" data-testid="batch-status" data-status={status}>
      {t(`batch.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
