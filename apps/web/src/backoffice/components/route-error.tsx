import { Alert, Button, Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

export function RouteError() {
  const { t } = useTranslation('backoffice');
  const error = useRouteError();
  return (
    <Container size="sm" py="xl" component="main">
      <Stack>
        <Alert color="red" title={t('errors.page_title')}>
          {error instanceof Error ? error.message : t('errors.page_failed')}
        </Alert>
        <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
      </Stack>
    </Container>
  );
}
