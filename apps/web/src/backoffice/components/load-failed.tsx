import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A list or record that could not be loaded, with a way to try again without reloading. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('backoffice');
  return (
    <Alert color="red">
      <Group justify="space-between">
        <Text size="sm">{t('errors.load_failed')}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {t('errors.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
