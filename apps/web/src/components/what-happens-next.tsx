import { Card, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClient } from '../lib/client-session';

// The "application submitted" moment: what happens next and when, with the timing the public
// site promises (a private account in about one business day, a business one within two weeks).
export function WhatHappensNext() {
  const { t } = useTranslation('auth');
  const client = useClient();
  const kind = client.type === 'CORPORATE' ? 'business' : 'private';
  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="next-heading"
      data-testid="what-happens-next"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="next-heading">
          {t('next.title')}
        </Title>
        <Text>{t(`next.timing.${kind}`)}</Text>
        <List type="ordered" spacing={4}>
          <List.Item>{t('next.review')}</List.Item>
          <List.Item>{t('next.email', { email: client.email })}</List.Item>
          <List.Item>{t('next.open')}</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          {t('next.meanwhile')}
        </Text>
      </Stack>
    </Card>
  );
}
