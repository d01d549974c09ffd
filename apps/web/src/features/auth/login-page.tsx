import { loginSchema, oneTimeCodeSchema, type SecondFactor } from '@bluepeak/core/auth';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { apiRequest } from '../../lib/api-client';
import { forgetSession, markSessionStarted } from '../../lib/client-session';
import { problemCode, problemMessage } from '../../lib/form-errors';
import { useLocalePath } from '../../lib/use-locale';
import { useSchemaForm } from '../../lib/use-schema-form';
import { AuthCard } from './auth-card';

type Challenge = { challenge_id: string; factor: SecondFactor };

// /login (docs/requirements/api-contract.md "Authentication"): e-mail and password, then the one-time
// code by the factor the API names. A wrong password, an unknown address and a wrong code read the
// same, and the lockout after five failures says so (docs/requirements/validation.md wording from the
// API's codes).
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const to = useLocalePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [challenge, setChallenge] = useState<Challenge>();
  const [message, setMessage] = useState<{ text: string; code?: string }>();

  // docs/requirements/onboarding.md: a logged-in visitor on a public page loses the old session, so
  // this log-in starts clean (the cookie is HttpOnly: only the server can end it).
  const loggedOut = useRef<Promise<unknown>>(Promise.resolve());
  useEffect(() => {
    forgetSession(queryClient);
    loggedOut.current = apiRequest('/auth/logout', { method: 'POST' }).catch(() => undefined);
  }, [queryClient]);

  const fail = (error: unknown) =>
    setMessage({ text: problemMessage(error) ?? '', code: problemCode(error) });
  const start = useMutation({
    mutationFn: (body: unknown) => apiRequest<{ data: Challenge }>('/auth/login', { method: 'POST', body }),
    meta: { silent: true },
    onSuccess: (answer) => {
      setMessage(undefined);
      setChallenge(answer.data);
    },
    onError: fail,
  });
  const verify = useMutation({
    mutationFn: async (body: unknown) => {
      await loggedOut.current;
      return apiRequest('/auth/login/verify', { method: 'POST', body });
    },
    meta: { silent: true },
    onSuccess: () => {
      forgetSession(queryClient);
      markSessionStarted();
      void navigate('/dashboard', { replace: true });
    },
    onError: fail,
  });

  return (
    <AuthCard
      title={t('login.title')}
      intro={challenge ? t(`login.code_intro.${challenge.factor}`) : t('login.intro')}
    >
      {message && (
        <Alert color="red" role="alert" data-testid="login-error">
          <Stack gap={4}>
            <Text size="sm">{message.text}</Text>
            {message.code === 'email_not_confirmed' && (
              <Anchor component={Link} to={to('/confirm')} size="sm" underline="always">
                {t('login.confirm_link')}
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
      {challenge ? (
        <CodeStep
          factor={challenge.factor}
          pending={verify.isPending}
          onSubmit={(code) => verify.mutate({ challenge_id: challenge.challenge_id, code })}
          onBack={() => {
            setChallenge(undefined);
            setMessage(undefined);
          }}
        />
      ) : (
        <PasswordStep pending={start.isPending} onSubmit={(body) => start.mutate(body)} />
      )}
      <Group justify="space-between" gap="xs">
        <Anchor component={Link} to={to('/restore')} size="sm">
          {t('login.forgot')}
        </Anchor>
        <Anchor component={Link} to={to('/private-account')} size="sm">
          {t('login.sign_up')}
        </Anchor>
      </Group>
    </AuthCard>
  );
}

function PasswordStep({ pending, onSubmit }: { pending: boolean; onSubmit: (body: unknown) => void }) {
  const { t } = useTranslation('auth');
  const form = useSchemaForm(loginSchema, { email: '', password: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.validate();
    if (parsed) onSubmit(parsed);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('signup.email')}
          type="email"
          autoComplete="username"
          required
          {...form.text('email')}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          required
          {...form.text('password')}
        />
        <Button type="submit" loading={pending} fullWidth>
          {t('login.continue')}
        </Button>
      </Stack>
    </form>
  );
}

const codeForm = {
  safeParse: (value: unknown) => oneTimeCodeSchema.safeParse((value as { code: string }).code),
};

function CodeStep({
  factor,
  pending,
  onSubmit,
  onBack,
}: {
  factor: SecondFactor;
  pending: boolean;
  onSubmit: (code: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = codeForm.safeParse({ code: code.trim() });
    if (!parsed.success) {
      setError(t('login.code_invalid'));
      return;
    }
    setError(undefined);
    onSubmit(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t(`login.code_label.${factor}`)}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={error}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          data-autofocus
          autoFocus
        />
        <Button type="submit" loading={pending} fullWidth>
          {t('login.submit')}
        </Button>
        <Button variant="subtle" onClick={onBack}>
          {t('login.back')}
        </Button>
      </Stack>
    </form>
  );
}
