import { Alert, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { problemCode } from '../lib/api-error-message';

// Strong authentication (docs/payments.md): the 6-digit code the client's second factor sent
// for one action (a payment, a recipient, closing the account). Five wrong codes block it
// (423 sca_code_blocked); the form counts them down and then refuses more tries.
export const MAX_CODE_TRIES = 5;

export type OneTimeCodeTexts = {
  /** Where the code went, by the client's second factor. */
  sent: (factor: 'totp' | 'sms' | 'email') => string;
  codeLabel: string;
  triesLeft: (count: number) => string;
  submit: string;
};

export function OneTimeCodeForm({
  factor,
  onSubmit,
  pending,
  error,
  texts,
  describe,
  danger = false,
  autoFocus = false,
}: {
  factor: string | undefined;
  onSubmit: (code: string) => void;
  pending: boolean;
  error: unknown;
  texts: OneTimeCodeTexts;
  /** The refusal in the client's language. */
  describe: (error: unknown) => string | undefined;
  /** The action cannot be undone (closing the account): a red button. */
  danger?: boolean;
  /** The form replaced the step before it (in a dialog): the code's first box takes the focus. */
  autoFocus?: boolean;
}) {
  const [code, setCode] = useState('');
  const [wrong, setWrong] = useState(0);
  const [lastError, setLastError] = useState<unknown>(undefined);
  if (error !== lastError) {
    setLastError(error);
    if (problemCode(error) === 'sca_code_invalid') setWrong((count) => count + 1);
  }
  const blocked = problemCode(error) === 'sca_code_blocked' || wrong >= MAX_CODE_TRIES;
  const message = error ? describe(error) : undefined;
  return (
    <Stack
      component="form"
      gap="sm"
      onSubmit={(event) => {
        event.preventDefault();
        if (code.length === 6 && !pending && !blocked) onSubmit(code);
      }}
    >
      <Text size="sm">{texts.sent(factor === 'totp' || factor === 'sms' ? factor : 'email')}</Text>
      <PinInput
        length={6}
        type="number"
        oneTimeCode
        autoFocus={autoFocus}
        value={code}
        onChange={setCode}
        disabled={pending || blocked}
        aria-label={texts.codeLabel}
        inputMode="numeric"
        size="md"
        gap={6}
      />
      {message && (
        <Alert color="red" role="alert" data-testid="sca-error">
          {message}
          {!blocked && wrong > 0 && ` ${texts.triesLeft(Math.max(0, MAX_CODE_TRIES - wrong))}`}
        </Alert>
      )}
      <Group>
        <Button
          type="submit"
          color={danger ? 'red' : undefined}
          loading={pending}
          disabled={code.length !== 6 || blocked}
        >
          {texts.submit}
        </Button>
      </Group>
    </Stack>
  );
}
