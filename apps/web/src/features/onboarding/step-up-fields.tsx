import type { StepUpAction } from '@bluepeak/core/auth';
import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { problemMessage } from '../../lib/api-error-message';
import { useClient } from '../../lib/client-session';
import type { TextFieldProps } from '../../lib/use-schema-form';
import { askStepUp } from './api';

// Step-up (docs/security-settings.md): a change of a security setting needs, besides the
// password, a code from the client's CURRENT factor. The client asks for it here (a code by
// e-mail or SMS; with an authenticator app nothing is sent) and types it in.
/** The fields of a step-up form (lib/use-schema-form.ts) this component fills in. */
type StepUpForm = {
  text: (name: 'current_password' | 'step_up_code') => TextFieldProps;
  setValue: (name: 'step_up_challenge_id', value: string) => void;
  errors: Record<string, string>;
};

/** The current password, then the code from the current factor. */
export function StepUpFields({
  action,
  form,
  passwordLabel,
}: {
  action: StepUpAction;
  form: StepUpForm;
  passwordLabel: string;
}) {
  return (
    <>
      <PasswordInput
        label={passwordLabel}
        autoComplete="current-password"
        required
        {...form.text('current_password')}
      />
      <StepUpCode
        action={action}
        onChallenge={(id) => form.setValue('step_up_challenge_id', id)}
        code={form.text('step_up_code')}
        challengeError={form.errors.step_up_challenge_id}
      />
    </>
  );
}

function StepUpCode({
  action,
  onChallenge,
  code,
  challengeError,
}: {
  action: StepUpAction;
  onChallenge: (challengeId: string) => void;
  code: TextFieldProps;
  challengeError: string | undefined;
}) {
  const { t } = useTranslation('onboarding');
  const client = useClient();
  const ask = useMutation({
    mutationFn: () => askStepUp(action),
    meta: { silent: true },
    onSuccess: (answer) => onChallenge(answer.data.challenge_id),
  });
  const factor = ask.data?.data.factor ?? client.second_factor;
  return (
    <Stack gap="xs">
      <Text size="sm">{t('step_up.intro')}</Text>
      <Button variant="light" w="fit-content" loading={ask.isPending} onClick={() => ask.mutate()}>
        {t(ask.isSuccess ? 'step_up.again' : `step_up.ask.${factor}`)}
      </Button>
      {ask.isError && (
        <Text size="sm" c="red" role="alert">
          {problemMessage(ask.error)}
        </Text>
      )}
      {!ask.isSuccess && challengeError && (
        <Text size="sm" c="red">
          {t('step_up.ask_first')}
        </Text>
      )}
      {ask.isSuccess && (
        <>
          <Text size="sm">{t(`step_up.sent.${factor}`)}</Text>
          <TextInput
            label={t('step_up.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            {...code}
          />
        </>
      )}
    </Stack>
  );
}
