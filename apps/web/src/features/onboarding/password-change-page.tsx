import { passwordChangeSchema } from '@bluepeak/core/auth';
import { Button, Card, PasswordInput, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormMessage } from '../../components/form-message';
import { showInfo } from '../../components/snackbar';
import { forgetSession, markSessionEnded, publicPath, useClient } from '../../lib/client-session';
import { useFormMutation } from '../../lib/use-form-mutation';
import { useSchemaForm } from '../../lib/use-schema-form';
import { changePassword } from './api';
import { OnboardingPage } from './onboarding-page';
import { StepUpFields } from './step-up-fields';

// /dashboard/password-change (forced redirect 5, and the verification menu). The change needs
// step-up (the password and a code from the current factor); the server ends every session on
// a change, so the client logs in again with the new password.
export default function PasswordChangePage() {
  const { t } = useTranslation('onboarding');
  const client = useClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useSchemaForm(passwordChangeSchema, {
    current_password: '',
    step_up_challenge_id: '',
    step_up_code: '',
    password: '',
    password_confirmation: '',
  });
  const {
    mutation: change,
    submit,
    message,
  } = useFormMutation(form, {
    request: changePassword,
    onSuccess: async () => {
      // The server has ended every session, this one too: what is still in flight answers 401.
      markSessionEnded(publicPath('/login'));
      await navigate(publicPath('/login'), { replace: true });
      forgetSession(queryClient);
      showInfo(t('password.done'));
    },
  });
  return (
    <OnboardingPage
      title={t('password.title')}
      intro={client.password_change_required ? t('password.required') : t('password.intro')}
    >
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <StepUpFields action="password_change" form={form} passwordLabel={t('password.current')} />
            <PasswordInput
              label={t('password.new')}
              description={t('auth:validation.password')}
              autoComplete="new-password"
              required
              {...form.text('password')}
            />
            <PasswordInput
              label={t('password.repeat')}
              autoComplete="new-password"
              required
              {...form.text('password_confirmation')}
            />
            <FormMessage message={message} />
            <Button type="submit" loading={change.isPending} w="fit-content">
              {t('password.submit')}
            </Button>
          </Stack>
        </form>
      </Card>
    </OnboardingPage>
  );
}
