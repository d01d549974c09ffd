import { verifyCodeSchema } from '@bluepeak/core/auth';
import type { AuthenticatorSecret } from '@bluepeak/core/onboarding';
import { Button, CopyButton, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { clientQueryKeys } from '../../lib/client-session';
import { useFormMutation } from '../../lib/use-form-mutation';
import { useSchemaForm } from '../../lib/use-schema-form';
import { confirmAuthenticator, onboardingKeys } from './api';
import { AuthenticatorActions } from './authenticator-actions';
import { secretBlocks } from './authenticator-secret';

// The second half of the set-up: the client adds the secret to the app (QR code or typed in)
// and proves it with the app's first code; from then on the app gives the log-in codes, and
// the answer brings the recovery codes to show.
export function AuthenticatorConfirm({
  secret,
  onDone,
  onCancel,
}: {
  secret: AuthenticatorSecret;
  /** With the recovery codes the confirmation answered (null on a retry's answer). */
  onDone: (recoveryCodes: string[] | null) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('onboarding');
  const queryClient = useQueryClient();
  const form = useSchemaForm(verifyCodeSchema, { code: '' });
  // The Continue button that led here is gone: keyboard and screen-reader users start at step 1.
  const start = useRef<HTMLParagraphElement>(null);
  useEffect(() => start.current?.focus(), []);
  const { mutation, submit, message } = useFormMutation(form, {
    request: confirmAuthenticator,
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: clientQueryKeys.data });
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.recoveryCodes });
      onDone(answer.data.recovery_codes);
    },
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('contacts.authenticator.title')}>
      <Stack gap="md">
        <Text size="sm" ref={start} tabIndex={-1}>
          {t('contacts.authenticator.scan')}
        </Text>
        <Image
          src={secret.qr_code}
          alt={t('contacts.authenticator.qr_alt')}
          w={200}
          h={200}
          fit="contain"
          bg="white"
          p="xs"
          radius="sm"
        />
        <Stack gap={4}>
          <Text size="sm">{t('contacts.authenticator.type_in')}</Text>
          <Group gap="sm" wrap="wrap">
            <Text
              ff="monospace"
              fw={600}
              data-testid="totp-secret"
              data-secret={secret.secret}
              style={{ overflowWrap: 'anywhere' }}
            >
              {secretBlocks(secret.secret)}
            </Text>
            <CopyButton value={secret.secret} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant={copied ? 'filled' : 'light'}
                  color={copied ? 'teal.9' : undefined}
                  onClick={copy}
                >
                  {t(copied ? 'contacts.authenticator.copied' : 'contacts.authenticator.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
        <TextInput
          label={t('contacts.authenticator.code')}
          description={t('contacts.authenticator.expires')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          w={{ base: '100%', xs: 380 }}
          {...form.text('code')}
        />
        <AuthenticatorActions
          message={message}
          pending={mutation.isPending}
          submitLabel={t('contacts.authenticator.confirm')}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
