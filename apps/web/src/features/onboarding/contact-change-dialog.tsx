import type { ContactKind } from '@bluepeak/core/auth';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeForm } from '../../components/one-time-code-form';
import { problemMessage } from '../../lib/api-error-message';
import { clientQueryKeys } from '../../lib/client-session';
import { confirmContactChange } from './api';
import { CONTACT_CHANGE_TEXTS, ContactChangeForm, type PendingContactChange } from './contact-change-form';

// Changing the log-in e-mail or phone from the Contacts page (docs/requirements/settings.md,
// "Contacts"): the form with step-up, then the code sent to the new value, then a notice. The
// client record is read again, so the page shows the new value at once.
export function ContactChangeDialog({ kind, onClose }: { kind: ContactKind; onClose: () => void }) {
  const { t } = useTranslation('onboarding');
  const phone = useMediaQuery('(max-width: 30em)');
  const [pending, setPending] = useState<PendingContactChange>();
  const [done, setDone] = useState(false);
  return (
    <Modal opened onClose={onClose} title={t(`contacts.change.${kind}.title`)} fullScreen={phone}>
      {done ? (
        <ContactChangeDone kind={kind} onClose={onClose} />
      ) : pending ? (
        <ContactChangeCode
          kind={kind}
          pending={pending}
          onDone={() => setDone(true)}
          onRestart={() => setPending(undefined)}
        />
      ) : (
        <ContactChangeForm kind={kind} onStarted={setPending} onCancel={onClose} />
      )}
    </Modal>
  );
}

function ContactChangeCode({
  kind,
  pending,
  onDone,
  onRestart,
}: {
  kind: ContactKind;
  pending: PendingContactChange;
  onDone: () => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation('onboarding');
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: (code: string) => confirmContactChange(kind, { challenge_id: pending.challengeId, code }),
    meta: { silent: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: clientQueryKeys.data });
      onDone();
    },
  });
  return (
    <Stack gap="md">
      <OneTimeCodeForm
        autoFocus
        factor={kind === 'email' ? 'email' : 'sms'}
        onSubmit={(code) => confirm.mutate(code)}
        pending={confirm.isPending}
        error={confirm.error}
        describe={(error) => problemMessage(error, CONTACT_CHANGE_TEXTS)}
        texts={{
          sent: () => t(`contacts.change.${kind}.sent`, { value: pending.value }),
          codeLabel: t('contacts.change.code'),
          triesLeft: (count) => t('contacts.change.tries_left', { count }),
          submit: t(`contacts.change.${kind}.confirm`),
        }}
      />
      <Button variant="subtle" w="fit-content" onClick={onRestart}>
        {t('contacts.change.restart')}
      </Button>
    </Stack>
  );
}

/** The notice; its button back takes the focus from the Confirm button that led here and is gone. */
function ContactChangeDone({ kind, onClose }: { kind: ContactKind; onClose: () => void }) {
  const { t } = useTranslation('onboarding');
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  return (
    <Stack>
      <Alert color="green" role="status">
        {t(`contacts.change.${kind}.done`)}
      </Alert>
      <Group justify="flex-end">
        <Button ref={close} onClick={onClose}>
          {t('contacts.change.finish')}
        </Button>
      </Group>
    </Stack>
  );
}
