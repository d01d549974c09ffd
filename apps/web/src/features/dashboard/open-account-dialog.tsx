import { openAccountBodySchema } from '@bluepeak/core/accounts';
import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clientQueryKeys } from '../../lib/client-session';
import { translateValidation } from '../../lib/form-errors';
import { useIdempotentMutation } from '../../lib/idempotency-key';
import { dashboardKeys, openAccount } from './api';

// Opening an account in another currency (docs/requirements/accounts.md): POST /client/accounts with an
// Idempotency-Key per submission (lib/idempotency-key.ts), so a double click or a retry opens
// one account. The new account is shown on /dashboard/accounts/done.
export function OpenAccountDialog({
  opened,
  onClose,
  currencies,
}: {
  opened: boolean;
  onClose: () => void;
  currencies: string[];
}) {
  const { t, i18n } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [currency, setCurrency] = useState(currencies[0] ?? '');
  const [name, setName] = useState('');
  const {
    mutation: open,
    send,
    reset,
  } = useIdempotentMutation({
    request: openAccount,
    // A refusal shows in the catalogue's snackbar.
    silent: false,
    onSuccess: async (answer) => {
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.accounts }),
        queryClient.invalidateQueries({ queryKey: clientQueryKeys.data }),
      ]);
      navigate(`/dashboard/accounts/done?account=${answer.data.id}`);
    },
  });

  useEffect(() => {
    if (!opened) return;
    setCurrency((current) => (currencies.includes(current) ? current : (currencies[0] ?? '')));
    setName('');
    reset();
  }, [opened, currencies, reset]);

  const parsed = openAccountBodySchema.safeParse({ currency, name: name.trim() || undefined });
  const nameIssue = parsed.success
    ? undefined
    : parsed.error.issues.find((issue) => issue.path[0] === 'name');
  const nameError = nameIssue ? translateValidation(nameIssue.message) : undefined;
  const currencyName = currencyNamer(i18n.language);

  return (
    <Modal opened={opened} onClose={onClose} title={t('accounts.open_title')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (parsed.success && !open.isPending) send(parsed.data);
        }}
      >
        <Stack>
          <NativeSelect
            label={t('accounts.open_currency')}
            value={currency}
            onChange={(event) => setCurrency(event.currentTarget.value)}
            data={currencies.map((code) => ({
              value: code,
              label: `${code} – ${currencyName(code)}`,
            }))}
            required
          />
          <TextInput
            label={t('accounts.open_name')}
            description={t('accounts.open_name_hint')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={name.trim() ? nameError : undefined}
            maxLength={70}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} type="button">
              {t('accounts.open_cancel')}
            </Button>
            <Button type="submit" loading={open.isPending} disabled={!parsed.success}>
              {t('accounts.open_submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The currency's name in the reader's language ('US Dollar', 'US-Dollar'), from the browser. */
function currencyNamer(language: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([language], { type: 'currency' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}
