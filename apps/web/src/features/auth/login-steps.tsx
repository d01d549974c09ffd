import { type LoginChallenge, loginSchema, type SecondFactor } from '@bluepeak/core/auth';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBotCheck, withBotCheck } from '../../components/bot-check';
import { problemCode } from '../../lib/api-error-message';
import { useFormMutation } from '../../lib/use-form-mutation';
import { useLocalePath } from '../../lib/use-locale';
import { useSchemaForm } from '../../lib/use-schema-form';
import { startLogIn } from './api';
import { loginCodeOf } from './login-code';

/** Why the log-in was refused, with the way to a new confirmation link when that is the cause. */
function LoginError({ message, error }: { message: string | undefined; error: unknown }) {
  const { t } = useTranslation('auth');
  const to = useLocalePath();
  if (message === undefined) return null;
  return (
    <Alert color="red" role="alert" data-testid="login-error">
      <Stack gap={4}>
        <Text size="sm">{message}</Text>
        {problemCode(error) === 'email_not_confirmed' && (
          <Anchor component={Link} to={to('/confirm')} size="sm" underline="always">
            {t('login.confirm_link')}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}

/** Step 1: e-mail and password; the answer names the factor the code comes by. */
export function PasswordStep({ onChallenge }: { onChallenge: (challenge: LoginChallenge) => void }) {
  const { t } = useTranslation('auth');
  const form = useSchemaForm(loginSchema, { email: '', password: '' });
  const botCheck = useBotCheck(t('signup.bot_check_failed'));
  const { mutation, submit, message } = useFormMutation(withBotCheck(form, botCheck), {
    request: startLogIn,
    serverFields: false,
    onSuccess: (answer) => onChallenge(answer.data),
  });
  return (
    <>
      <LoginError message={message} error={mutation.error} />
      <form onSubmit={(event) => void submit(event)} noValidate>
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
          {botCheck.field}
          <Button type="submit" loading={mutation.isPending} fullWidth>
            {t('login.continue')}
          </Button>
        </Stack>
      </form>
    </>
  );
}

/**
 * Step 2: the one-time code, checked for its form before it is sent. Where the authenticator's
 * code is asked, one of its recovery codes may be given instead.
 */
export function CodeStep({
  challenge,
  verify,
  onVerified,
  onBack,
}: {
  challenge: LoginChallenge;
  verify: (body: { challenge_id: string; code: string }) => Promise<unknown>;
  onVerified: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [recovery, setRecovery] = useState(false);
  const form = {
    validate: () => {
      const parsed = loginCodeOf(code, recovery);
      setError(
        parsed !== undefined ? undefined : t(recovery ? 'login.recovery.invalid' : 'login.code_invalid'),
      );
      return parsed !== undefined ? { challenge_id: challenge.challenge_id, code: parsed } : undefined;
    },
    setServerErrors: () => undefined,
  };
  const switchKind = () => {
    setRecovery(!recovery);
    setCode('');
    setError(undefined);
  };
  const { mutation, submit, message } = useFormMutation(form, {
    request: verify,
    serverFields: false,
    onSuccess: onVerified,
  });
  const factor: SecondFactor = challenge.factor;
  return (
    <>
      <LoginError message={message} error={mutation.error} />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            key={recovery ? 'recovery' : 'code'}
            label={recovery ? t('login.recovery.label') : t(`login.code_label.${factor}`)}
            description={recovery ? t('login.recovery.description') : undefined}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={error}
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete={recovery ? 'off' : 'one-time-code'}
            autoCapitalize={recovery ? 'characters' : undefined}
            spellCheck={false}
            maxLength={recovery ? 20 : 6}
            required
            data-autofocus
            autoFocus
          />
          <Button type="submit" loading={mutation.isPending} fullWidth>
            {t('login.submit')}
          </Button>
          {factor === 'totp' && (
            <Anchor component="button" type="button" size="sm" onClick={switchKind}>
              {t(recovery ? 'login.recovery.use_app' : 'login.recovery.use_code')}
            </Anchor>
          )}
          <Button variant="subtle" onClick={onBack}>
            {t('login.back')}
          </Button>
        </Stack>
      </form>
    </>
  );
}
