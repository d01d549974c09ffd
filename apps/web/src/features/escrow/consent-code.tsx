import type { EscrowCodeRequest } from '@bluepeak/core/escrow';
import { Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/form-message';
import { OneTimeCodeForm } from '../../components/one-time-code-form';
import { problemMessage } from '../../lib/api-error-message';
import { sendEscrowCode } from './api';

// A party's consent (docs/requirements/escrow.md, "Strong authentication"): the button asks for
// the one-time code of this step, then the code form confirms it. The code is bound to the
// step's figures, so the step itself is sent only with the code.
export function ConsentCode({
  dealId,
  step,
  label,
  color,
  disabled = false,
  confirm,
}: {
  dealId: string;
  step: EscrowCodeRequest;
  label: string;
  color?: string;
  disabled?: boolean;
  /** Sends the step with the code; rejects with the API's refusal. */
  confirm: { send: (code: string) => void; pending: boolean; error: unknown };
}) {
  const { t } = useTranslation('escrow');
  const [factor, setFactor] = useState<string | undefined>(undefined);
  const code = useMutation({
    mutationFn: () => sendEscrowCode(dealId, step),
    onSuccess: (answer) => setFactor(answer.data.factor),
  });
  if (!factor)
    return (
      <Stack gap="xs">
        <Button
          color={color}
          variant={color ? 'light' : 'filled'}
          loading={code.isPending}
          disabled={disabled}
          onClick={() => code.mutate()}
          style={{ alignSelf: 'flex-start' }}
        >
          {label}
        </Button>
        <FormMessage message={code.isError ? (problemMessage(code.error) ?? t('failed')) : undefined} />
      </Stack>
    );
  return (
    <OneTimeCodeForm
      factor={factor}
      onSubmit={confirm.send}
      pending={confirm.pending}
      error={confirm.error}
      describe={(error) => problemMessage(error) ?? t('failed')}
      texts={{
        sent: (by) => t(`sca.sent_${by}`),
        codeLabel: t('sca.code'),
        triesLeft: (count) => t('sca.tries_left', { count }),
        submit: t('sca.confirm', { action: label }),
      }}
    />
  );
}
