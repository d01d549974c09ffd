import { Alert, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemCode, problemMessage } from '../../lib/form-errors';
import { i18n } from '../../lib/i18n';

// Strong authentication (docs/payments.md): the one-time code sent by the client's second
// factor for this payment or recipient. Five wrong codes block it (423 sca_code_blocked).
export const MAX_CODE_TRIES = 5;

/** A refusal in the client's language: the payments texts first, then the general catalogue. */
export function paymentProblem(error: unknown): string | undefined {
  const code = problemCode(error);
  const key = `payments:problems.${code}`;
  if (code && i18n.exists(key)) return i18n.t(key);
  return problemMessage(error);
}

export function ScaCodeForm({
  factor,
  onSubmit,
  pending,
  error,
  submitLabel,
}: {
  factor: string | undefined;
  onSubmit: (code: string) => void;
  pending: boolean;
  error: unknown;
  submitLabel: string;
}) {
  const { t } = useTranslation('payments');
  const [code, setCode] = useState('');
  const [wrong, setWrong] = useState(0);
  const [lastError, setLastError] = useState<unknown>(undefined);
  if (error !== lastError) {
    setLastError(error);
    if (problemCode(error) === 'sca_code_invalid') setWrong((count) => count + 1);
  }
  const blocked = problemCode(error) === 'sca_code_blocked' || wrong >= MAX_CODE_TRIES;
  const message = error ? paymentProblem(error) : undefined;
  return (
    <Stack
      component="form"
      gap="sm"
      onSubmit={(event) => {
        event.preventDefault();
        if (code.length === 6 && !pending && !blocked) onSubmit(code);
      }}
    >
      <Text size="sm">{t(`sca.sent_${factor === 'totp' || factor === 'sms' ? factor : 'email'}`)}</Text>
      <PinInput
        length={6}
        type="number"
        oneTimeCode
        value={code}
        onChange={setCode}
        disabled={pending || blocked}
        aria-label={t('sca.code')}
        inputMode="numeric"
        size="md"
        gap={6}
      />
      {message && (
        <Alert color="red" role="alert" data-testid="sca-error">
          {message}
          {!blocked && wrong > 0 && ` ${t('sca.tries_left', { count: Math.max(0, MAX_CODE_TRIES - wrong) })}`}
        </Alert>
      )}
      <Group>
        <Button type="submit" loading={pending} disabled={code.length !== 6 || blocked}>
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}
