import { loginSchema, verifyCodeSchema } from '@bluepeak/core/auth';
import { Alert, Button, Card, Center, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { FormMessage } from '../../../components/form-message';
import { usePageTitle } from '../../../components/use-page-title';
import { useFormMutation } from '../../../lib/use-form-mutation';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { meQueryKey } from '../../lib/api';
import { type OperatorLoginChallenge, startLogin, verifyLogin } from './api';

// Operators log in with a password, then a one-time code: from their authenticator app
// (TOTP), or, for the demo operators only, by e-mail (decision 0007).
export function LoginPage() {
  const { t } = useTranslation('backoffice');
  const navigate = useNavigate();
  // The layout's Log out comes here with this state: the operator sees that it worked.
  const loggedOut = (useLocation().state as { loggedOut?: boolean } | null)?.loggedOut === true;
  const queryClient = useQueryClient();
  const [challenge, setChallenge] = useState<OperatorLoginChallenge | null>(null);
  usePageTitle(t('login.title'), undefined, null);

  const passwordForm = useSchemaForm(loginSchema, { email: '', password: '' });
  const start = useFormMutation(passwordForm, {
    request: (values) => startLogin(values.email, values.password),
    serverFields: false,
    onSuccess: (answer) => setChallenge(answer.data),
  });
  const codeForm = useSchemaForm(verifyCodeSchema, { code: '' });
  const verify = useFormMutation(codeForm, {
    request: (values) => verifyLogin(challenge?.challenge_id ?? '', values.code),
    serverFields: false,
    onSuccess: async () => {
      await queryClient.resetQueries({ queryKey: meQueryKey });
      navigate('/', { replace: true });
    },
  });
  const failed = challenge ? verify.message : start.message;

  return (
    <Center mih="100vh" p="md" component="main">
      <Card withBorder padding="xl" w={400} maw="100%">
        <form onSubmit={challenge ? verify.submit : start.submit} noValidate>
          <Stack>
            <Title order={1} fz="h2">
              {t('login.title')}
            </Title>
            {loggedOut && !failed && !challenge && (
              <Alert color="teal" role="status" data-testid="logged-out">
                {t('login.logged_out')}
              </Alert>
            )}
            <FormMessage message={failed} />
            {!challenge ? (
              <>
                <TextInput
                  label={t('login.email')}
                  type="email"
                  autoComplete="username"
                  required
                  {...passwordForm.text('email')}
                />
                <PasswordInput
                  label={t('login.password')}
                  autoComplete="current-password"
                  required
                  {...passwordForm.text('password')}
                />
                <Button type="submit" loading={start.mutation.isPending}>
                  {t('login.continue')}
                </Button>
              </>
            ) : (
              <>
                <Text size="sm">
                  {t(challenge.factor === 'totp' ? 'login.code_totp' : 'login.code_email')}
                </Text>
                <TextInput
                  label={t('login.code')}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  required
                  data-autofocus
                  {...codeForm.text('code')}
                  onChange={(event) =>
                    codeForm.setValue('code', event.currentTarget.value.replace(/\D/g, ''))
                  }
                />
                <Button
                  type="submit"
                  loading={verify.mutation.isPending}
                  disabled={codeForm.values.code.length !== 6}
                >
                  {t('login.submit')}
                </Button>
                <Button
                  variant="subtle"
                  onClick={() => {
                    setChallenge(null);
                    codeForm.reset();
                    verify.clearMessage();
                    verify.mutation.reset();
                  }}
                >
                  {t('login.back')}
                </Button>
              </>
            )}
          </Stack>
        </form>
      </Card>
    </Center>
  );
}
