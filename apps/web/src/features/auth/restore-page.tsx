import { restoreRequestSchema } from '@bluepeak/core/auth';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBotCheck, withBotCheck } from '../../components/bot-check';
import { FormMessage } from '../../components/form-message';
import { useFormMutation } from '../../lib/use-form-mutation';
import { useLocalePath } from '../../lib/use-locale';
import { useSchemaForm } from '../../lib/use-schema-form';
import { askRestoreLink } from './api';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';

// /restore: asks for the e-mail address; the answer is the same whether or not it is known.
export default function RestorePage() {
  const { t } = useTranslation('auth');
  const to = useLocalePath();
  const form = useSchemaForm(restoreRequestSchema, { email: '' });
  const botCheck = useBotCheck(t('signup.bot_check_failed'));
  const {
    mutation: restore,
    submit,
    message,
  } = useFormMutation(withBotCheck(form, botCheck), {
    request: askRestoreLink,
  });
  return (
    <AuthCard title={t('restore.title')} intro={t('restore.intro')}>
      {restore.isSuccess ? (
        <Alert color="green">{t('restore.sent', { email: form.values.email })}</Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <EmailField {...form.text('email')} />
            {botCheck.field}
            <FormMessage message={message} />
            <Button type="submit" loading={restore.isPending} fullWidth>
              {t('restore.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={to('/login')} size="sm">
        {t('restore.back_to_login')}
      </Anchor>
    </AuthCard>
  );
}
