import { emailOnlySchema } from '@bluepeak/core/auth';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormMessage } from '../../components/form-message';
import { useFormMutation } from '../../lib/use-form-mutation';
import { useLocalePath } from '../../lib/use-locale';
import { useSchemaForm } from '../../lib/use-schema-form';
import { resendConfirmation } from './api';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';

// /confirm: what to do after signing up, and the link again if it did not arrive. The server
// limits how often it sends (429 shows the catalogue's message) and answers the same for any
// address, so the page never tells whether an address has an account.
export default function ConfirmPage() {
  const { t } = useTranslation('auth');
  const to = useLocalePath();
  const [params] = useSearchParams();
  const form = useSchemaForm(emailOnlySchema, { email: params.get('email') ?? '' });
  const {
    mutation: resend,
    submit,
    message,
  } = useFormMutation(form, {
    request: resendConfirmation,
  });
  return (
    <AuthCard title={t('confirm.title')} intro={t('confirm.intro')}>
      <Stack gap="sm">
        <Text>{t('confirm.step_open')}</Text>
        <Text>{t('confirm.step_login')}</Text>
        <Text size="sm" c="dimmed">
          {t('confirm.not_arrived')}
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <EmailField {...form.text('email')} />
          {resend.isSuccess && <Alert color="green">{t('confirm.sent')}</Alert>}
          <FormMessage message={message} />
          <Button type="submit" variant="default" loading={resend.isPending} w="fit-content">
            {t('confirm.resend')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={to('/login')}>
        {t('confirm.go_login')}
      </Anchor>
    </AuthCard>
  );
}
