import { Alert, Button, Card, Center, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { FormMessage } from '../../../components/form-message';
import { usePageTitle } from '../../../components/use-page-title';
import { errorText } from '../../../lib/error-text';
import { meQueryKey } from '../../lib/api';
import { operatorWords } from '../../lib/i18n';
import { type OperatorLoginChallenge, startLogin, verifyLogin } from './api';

// Operators log in with a password, then a one-time code: from their authenticator app
// (TOTP), or, for the demo operators only, by e-mail (decision 0007).
export function LoginPage() {
  const { t } = useTranslation('backoffice');
  const navigate = useNavigate();
  // The layout's Log out comes here with this state: the operator sees that it worked.
  const loggedOut = (useLocation().state as { loggedOut?: boolean } | null)?.loggedOut === true;
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [challenge, setChallenge] = useState<OperatorLoginChallenge | null>(null);
  usePageTitle(t('login.title'), undefined, null);

  const start = useMutation({
    mutationFn: () => startLogin(email, password),
    onSuccess: (answer) => setChallenge(answer.data),
    meta: { silent: true },
  });
  const verify = useMutation({
    mutationFn: (challengeId: string) => verifyLogin(challengeId, code),
    onSuccess: async () => {
      await queryClient.resetQueries({ queryKey: meQueryKey });
      navigate('/', { replace: true });
    },
    meta: { silent: true },
  });
  const failed = start.error ?? verify.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (challenge) verify.mutate(challenge.challenge_id);
    else start.mutate();
  };

  return (
    <Center mih="100vh" p="md" component="main">
      <Card withBorder padding="xl" w={400} maw="100%">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={1} fz="h2">
              {t('login.title')}
            </Title>
            {loggedOut && !failed && !challenge && (
              <Alert color="teal" role="status" data-testid="logged-out">
                {t('login.logged_out')}
              </Alert>
            )}
            <FormMessage message={errorText(failed, operatorWords)} />
            {!challenge ? (
              <>
                <TextInput
                  label={t('login.email')}
                  type="email"
                  autoComplete="username"
                  required
                  value={email}
                  onChange={(event) => setEmail(event.currentTarget.value)}
                />
                <PasswordInput
                  label={t('login.password')}
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                />
                <Button type="submit" loading={start.isPending}>
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
                  value={code}
                  onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
                />
                <Button type="submit" loading={verify.isPending} disabled={code.length !== 6}>
                  {t('login.submit')}
                </Button>
                <Button
                  variant="subtle"
                  onClick={() => {
                    setChallenge(null);
                    setCode('');
                    verify.reset();
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
