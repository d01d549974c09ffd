import { totpSetupSchema } from '@bluepeak/core/auth';
import type { AuthenticatorSecret } from '@bluepeak/core/onboarding';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from '../../lib/client-session';
import { useFormMutation } from '../../lib/use-form-mutation';
import { useSchemaForm } from '../../lib/use-schema-form';
import { startAuthenticatorSetup } from './api';
import { AuthenticatorActions } from './authenticator-actions';
import { AuthenticatorConfirm } from './authenticator-confirm';
import { RecoveryCodesShown } from './recovery-codes-shown';
import { StepUpFields } from './step-up-fields';

// After the first code: the recovery codes it brought (none when only a retry's answer came
// back, as the server cannot show them twice), then done.
type Stage =
  | 'closed'
  | 'proof'
  | { secret: AuthenticatorSecret }
  | { codes: string[] }
  | 'done'
  | 'done_no_codes';

// The contacts page's way to an authenticator app (docs/security-settings.md): the password and
// a step-up code start the set-up, the new app's first code finishes it. Until then the
// client's log-in codes keep coming the way they do now.
export function AuthenticatorSetup() {
  const { t } = useTranslation('onboarding');
  const client = useClient();
  const [stage, setStage] = useState<Stage>('closed');
  const replacing = client.second_factor === 'totp';
  // The confirmation replaces the form that had the focus: move it there, so it is heard.
  const done = useRef<HTMLDivElement>(null);
  const finished = stage === 'done' || stage === 'done_no_codes';
  useEffect(() => {
    if (finished) done.current?.focus();
  }, [finished]);
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t('contacts.authenticator.title')}
      </Title>
      {finished ? (
        <Alert color="green" role="status" ref={done} tabIndex={-1}>
          {t('contacts.authenticator.done')}
          {stage === 'done_no_codes' && ` ${t('contacts.recovery.not_shown')}`}
        </Alert>
      ) : (
        <Text size="sm">
          {t(replacing ? 'contacts.authenticator.intro_replace' : 'contacts.authenticator.intro')}
        </Text>
      )}
      {stage === 'closed' || finished ? (
        <Button variant="light" w="fit-content" onClick={() => setStage('proof')}>
          {t(replacing ? 'contacts.authenticator.start_replace' : 'contacts.authenticator.start')}
        </Button>
      ) : stage === 'proof' ? (
        <SetupProof onSecret={(secret) => setStage({ secret })} onCancel={() => setStage('closed')} />
      ) : 'codes' in stage ? (
        <RecoveryCodesShown codes={stage.codes} onSaved={() => setStage('done')} />
      ) : (
        <AuthenticatorConfirm
          secret={stage.secret}
          onDone={(codes) => setStage(codes ? { codes } : 'done_no_codes')}
          onCancel={() => setStage('closed')}
        />
      )}
    </Stack>
  );
}

/** The password and a code by the current factor, answered with the new app's secret. */
function SetupProof({
  onSecret,
  onCancel,
}: {
  onSecret: (secret: AuthenticatorSecret) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('onboarding');
  const form = useSchemaForm(totpSetupSchema, {
    current_password: '',
    step_up_challenge_id: '',
    step_up_code: '',
  });
  const { mutation, submit, message } = useFormMutation(form, {
    request: startAuthenticatorSetup,
    onSuccess: (answer) => onSecret(answer.data),
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('contacts.authenticator.title')}>
      <Stack gap="md">
        <StepUpFields action="totp_setup" form={form} passwordLabel={t('contacts.password')} />
        <AuthenticatorActions
          message={message}
          pending={mutation.isPending}
          submitLabel={t('contacts.authenticator.continue')}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
