import { recoveryCodesRenewSchema } from '@bluepeak/core/auth';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormMutation } from '../../lib/use-form-mutation';
import { useSchemaForm } from '../../lib/use-schema-form';
import { onboardingKeys, recoveryCodesLeftQuery, renewRecoveryCodes } from './api';
import { AuthenticatorActions } from './authenticator-actions';
import { RecoveryCodesShown } from './recovery-codes-shown';
import { StepUpFields } from './step-up-fields';

type Stage = 'closed' | 'proof' | { codes: string[] };

// The Security page's recovery codes, for a client with an authenticator app: how many are left,
// and a new set in place of the old after step-up (docs/security-settings.md, "Recovery codes").
export function RecoveryCodesSection() {
  const { t } = useTranslation('onboarding');
  const queryClient = useQueryClient();
  const left = useQuery(recoveryCodesLeftQuery);
  const [stage, setStage] = useState<Stage>('closed');
  const renewed = (codes: string[]) => {
    setStage({ codes });
    void queryClient.invalidateQueries({ queryKey: onboardingKeys.recoveryCodes });
  };
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t('contacts.recovery.title')}
      </Title>
      <Text size="sm">{t('contacts.recovery.intro')}</Text>
      {left.data !== undefined && (
        <Text size="sm" fw={600} data-testid="recovery-codes-left">
          {left.data === 0
            ? t('contacts.recovery.none_left')
            : t('contacts.recovery.left', { count: left.data })}
        </Text>
      )}
      {stage === 'closed' ? (
        <Button variant="light" w="fit-content" onClick={() => setStage('proof')}>
          {t('contacts.recovery.renew')}
        </Button>
      ) : stage === 'proof' ? (
        <RenewProof onCodes={renewed} onCancel={() => setStage('closed')} />
      ) : (
        <RecoveryCodesShown codes={stage.codes} onSaved={() => setStage('closed')} />
      )}
    </Stack>
  );
}

/** The password and the app's code, answered with the new codes. */
function RenewProof({ onCodes, onCancel }: { onCodes: (codes: string[]) => void; onCancel: () => void }) {
  const { t } = useTranslation('onboarding');
  const form = useSchemaForm(recoveryCodesRenewSchema, {
    current_password: '',
    step_up_challenge_id: '',
    step_up_code: '',
  });
  const { mutation, submit, message } = useFormMutation(form, {
    request: renewRecoveryCodes,
    onSuccess: (answer) => onCodes(answer.data.recovery_codes),
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('contacts.recovery.title')}>
      <Stack gap="md">
        <Text size="sm">{t('contacts.recovery.renew_intro')}</Text>
        <StepUpFields action="recovery_codes" form={form} passwordLabel={t('contacts.password')} />
        <AuthenticatorActions
          message={message}
          pending={mutation.isPending}
          submitLabel={t('contacts.recovery.renew_submit')}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
