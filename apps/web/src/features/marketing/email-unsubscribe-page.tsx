import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/use-page-title';
import { brand } from '../../lib/brand';
import { unsubscribeEmail } from './api';

// Reached from the signed link at the bottom of our e-mails. One click confirms; the server
// checks the signature, so the page only passes on what the link carried.
export default function EmailUnsubscribePage() {
  const { t } = useTranslation('marketing');
  usePageTitle(t('unsubscribe.title'));
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const signature = params.get('signature') ?? '';
  const unsubscribe = useMutation({
    mutationFn: () => unsubscribeEmail({ email, signature }),
  });
  return (
    <Container size="sm" py={48}>
      <Stack gap="lg">
        <Title order={1}>{t('unsubscribe.title')}</Title>
        {!email || !signature ? (
          <Text>{t('unsubscribe.no_link')}</Text>
        ) : unsubscribe.isSuccess ? (
          <Alert color="green">{t('unsubscribe.done', { email })}</Alert>
        ) : (
          <>
            <Text>{t('unsubscribe.question', { email, brand: brand.trading_name })}</Text>
            <Text size="sm">{t('unsubscribe.service_note')}</Text>
            <Button w="fit-content" loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
              {t('unsubscribe.confirm')}
            </Button>
          </>
        )}
      </Stack>
    </Container>
  );
}
