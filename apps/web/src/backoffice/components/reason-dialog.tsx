import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

// One dialog for the queue's decisions that need words: a reason (return, reject) or a client
// IBAN to assign to. It closes only when the action succeeds; a failure shows in the snackbar.
export function ReasonDialog({
  title,
  confirm,
  withIban = false,
  busy,
  onSubmit,
  onClose,
}: {
  title: string;
  confirm: string;
  withIban?: boolean;
  busy: boolean;
  onSubmit: (values: { reason: string; iban: string }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('backoffice');
  const [reason, setReason] = useState('');
  const [iban, setIban] = useState('');
  const reasonOk = withIban
    ? reason.trim().length === 0 || reason.trim().length >= 3
    : reason.trim().length >= 3;
  const ibanOk = !withIban || /^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/.test(iban.replace(/\s+/g, '').toUpperCase());
  return (
    <Modal opened onClose={onClose} title={title}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (reasonOk && ibanOk)
            onSubmit({ reason: reason.trim(), iban: iban.replace(/\s+/g, '').toUpperCase() });
        }}
      >
        <Stack>
          {withIban && (
            <TextInput
              label={t('bank.client_iban')}
              description={t('bank.client_iban_hint')}
              required
              value={iban}
              onChange={(event) => setIban(event.currentTarget.value)}
              error={iban && !ibanOk ? t('bank.iban_invalid') : undefined}
            />
          )}
          <Textarea
            label={withIban ? t('record.reason_optional') : t('record.reason')}
            required={!withIban}
            minRows={3}
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={!reasonOk || !ibanOk} loading={busy}>
              {confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
