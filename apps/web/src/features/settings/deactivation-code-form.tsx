import { Alert, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemCode } from '../../lib/form-errors';
import { deactivationProblem } from './deactivation-problem';

// The one-time code that confirms closing the account, sent by the client's second factor
// like a payment's. Five wrong codes block it (423 sca_code_blocked); then a new request.
const MAX_CODE_TRIES = 5;

export function DeactivationCodeForm({
  factor,
  onSubmit,
  pending,
  error,
}: {
  factor: string | undefined;
  onSubmit: (code: string) => void;
  pending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation('settings');
  const [code, setCode] = useState('');
  const [wrong, setWrong] = useState(0);
  const [lastError, setLastError] = useState<unknown>(undefined);
  if (error !== lastError) {
    setLastError(error);
    if (problemCode(error) === 'sca_code_invalid') setWrong((count) => count + 1);
  }
  const blocked = problemCode(error) === 'sca_code_blocked' || wrong >= MAX_CODE_TRIES;
  const message = error ? deactivationProblem(error) : undefined;
  return (
    <Stack
      component="form"
      gap="sm"
      onSubmit={(event) => {
        event.preventDefault();
        if (code.length === 6 && !pending && !blocked) onSubmit(code);
      }}
    >
      <Text size="sm">
        {t(`deactivation.sca.sent_${factor === 'totp' || factor === 'sms' ? factor : 'email'}`)}
      </Text>
      <PinInput
        length={6}
        type="number"
        oneTimeCode
        value={code}
        onChange={setCode}
        disabled={pending || blocked}
        aria-label={t('deactivation.sca.code')}
        inputMode="numeric"
        size="md"
        gap={6}
      />
      {message && (
        <Alert color="red" role="alert" data-testid="sca-error">
          {message}
          {!blocked &&
            wrong > 0 &&
            ` ${t('deactivation.sca.tries_left', { count: Math.max(0, MAX_CODE_TRIES - wrong) })}`}
        </Alert>
      )}
      <Group>
        <Button type="submit" color="red" loading={pending} disabled={code.length !== 6 || blocked}>
          {t('deactivation.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
