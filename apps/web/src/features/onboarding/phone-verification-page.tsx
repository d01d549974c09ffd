import { oneTimeCodeSchema } from '@bluepeak/core/auth';
import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/form-message';
import { problemMessage } from '../../lib/api-error-message';
import { useClient } from '../../lib/client-session';
import { useFormMutation } from '../../lib/use-form-mutation';
import { sendPhoneCode, verifyPhone } from './api';
import { OnboardingPage } from './onboarding-page';
import { PhoneCorrection } from './phone-correction';
import { useNextStep } from './use-onboarding';

// /dashboard/phone-verification (forced redirect 1: a NEW client): a code by SMS to the number
// given at sign-up; a correct code makes the client VERIFIED. A wrong number is corrected here.
export default function PhoneVerificationPage() {
  const { t } = useTranslation('onboarding');
  const client = useClient();
  const next = useNextStep();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [sendMessage, setSendMessage] = useState<string>();
  const form = {
    validate: () => {
      const parsed = oneTimeCodeSchema.safeParse(code.trim());
      setCodeError(parsed.success ? undefined : t('phone.code_format'));
      if (parsed.success) setSendMessage(undefined);
      return parsed.success ? { code: parsed.data } : undefined;
    },
    setServerErrors: () => undefined,
  };
  const {
    mutation: verify,
    submit,
    message,
    clearMessage,
  } = useFormMutation(form, { request: verifyPhone, serverFields: false, onSuccess: () => void next() });
  // The last refusal shows, of sending the code or of checking it.
  const send = useMutation({
    mutationFn: sendPhoneCode,
    meta: { silent: true },
    onSuccess: () => {
      setSendMessage(undefined);
      clearMessage();
    },
    onError: (error) => {
      setSendMessage(problemMessage(error));
      clearMessage();
    },
  });
  return (
    <OnboardingPage title={t('phone.title')} intro={t('phone.intro', { phone: client.phone })}>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Text fw={600} className="tabular-figures">
              {client.phone}
            </Text>
            <Button
              variant={send.isSuccess ? 'default' : 'filled'}
              loading={send.isPending}
              onClick={() => send.mutate()}
            >
              {send.isSuccess ? t('phone.resend') : t('phone.send')}
            </Button>
          </Group>
          {send.isSuccess && <Alert color="green">{t('phone.sent')}</Alert>}
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <TextInput
                label={t('phone.code')}
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
                error={codeError}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                required
              />
              <FormMessage message={message ?? sendMessage} />
              <Button type="submit" loading={verify.isPending} w="fit-content">
                {t('phone.verify')}
              </Button>
            </Stack>
          </form>
        </Stack>
      </Card>
      <PhoneCorrection
        onCorrected={() => {
          setCode('');
          clearMessage();
          setSendMessage(undefined);
          send.reset();
        }}
      />
    </OnboardingPage>
  );
}
