import type { CreateRecipient, Recipient } from '@bluepeak/core/payments';
import { paymentTypes } from '@bluepeak/core/payments';
import { Alert, Anchor, Button, Card, Group, Select, Skeleton, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { FormMessage } from '../../components/form-message';
import { showInfo } from '../../components/snackbar';
import { usePageTitle } from '../../components/use-page-title';
import { ApiError } from '../../lib/api-client';
import { problemMessage } from '../../lib/api-error-message';
import { useFormMutation } from '../../lib/use-form-mutation';
import { paymentKeys, recipientQuery, saveRecipient } from './api';
import { DeleteRecipientDialog } from './delete-recipient-dialog';
import { PayeeFields } from './payee-fields';
import { isPaymentType } from './payment-form';
import { PAYMENT_TEXTS } from './problem-texts';
import { RecipientConfirmCard } from './recipient-confirm-card';
import { useRecipientForm } from './use-recipient-form';

// /dashboard/recipients/new and /dashboard/recipients/{id}: a recipient's fields for its
// payment type, checked by the shared schema; saving answers with a strong-authentication
// challenge and the recipient is usable once its code is entered. `?next=payment` goes on to
// a payment to the new recipient; `?next=batch&batch={id}` comes from a batch row's "Save as
// recipient" (its payee in the navigation state) and goes back to that batch; `?next=deactivation`
// comes from closing the account and goes back to it with the new recipient chosen.
export default function RecipientEditPage() {
  const { id } = useParams();
  const { t } = useTranslation('payments');
  const recipient = useQuery({ ...recipientQuery(id ?? ''), enabled: Boolean(id) });
  usePageTitle(id ? t('recipient.edit_title') : t('recipient.new_title'));
  if (!id) return <RecipientForm />;
  const notFound = recipient.error instanceof ApiError && [400, 404].includes(recipient.error.status);
  return (
    <Stack gap="lg">
      {recipient.isPending && <Skeleton height={240} aria-busy="true" />}
      {notFound && <Alert color="gray">{t('recipient.not_found')}</Alert>}
      <FormMessage
        message={recipient.isError && !notFound ? problemMessage(recipient.error, PAYMENT_TEXTS) : undefined}
      />
      {recipient.data && <RecipientForm key={recipient.data.id} existing={recipient.data} />}
    </Stack>
  );
}

/** Where a saved recipient leads: a payment to it, back to the batch or closing it came from, or the list. */
function afterSave(params: URLSearchParams, saved: Recipient) {
  const next = params.get('next');
  const batch = params.get('batch') ?? '';
  if (next === 'payment') return `/dashboard/payments/${saved.type}?recipient=${saved.id}`;
  if (next === 'batch' && /^[0-9a-f-]{36}$/.test(batch)) return `/dashboard/payments/batch/${batch}`;
  if (next === 'deactivation') return `/dashboard/settings/account-deactivation?recipient=${saved.id}`;
  return '/dashboard/recipients';
}

function RecipientForm({ existing }: { existing?: Recipient }) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const typeParam = params.get('type');
  const prefill = (useLocation().state as { payee?: Record<string, string> } | null)?.payee;
  const form = useRecipientForm(
    existing?.type ?? (isPaymentType(typeParam) ? typeParam : 'sepa'),
    existing,
    existing ? undefined : prefill,
  );
  // The recipient waiting for its code: a live challenge of a saved one, or the one just saved.
  const [awaiting, setAwaiting] = useState<Recipient | undefined>(existing?.sca ? existing : undefined);
  const [deleteOpened, deleteDialog] = useDisclosure(false);

  const done = (saved: Recipient) => {
    void queryClient.invalidateQueries({ queryKey: paymentKeys.recipients });
    showInfo(t('recipient.saved'));
    navigate(afterSave(params, saved));
  };
  const {
    mutation: save,
    submit,
    message: saveError,
  } = useFormMutation(form, {
    request: (body: CreateRecipient, key: string) => saveRecipient(body, existing?.id, key),
    texts: PAYMENT_TEXTS,
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.recipients });
      if (answer.data.sca) setAwaiting(answer.data);
      else done(answer.data);
    },
  });
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/dashboard/recipients" size="sm">
        ← {t('recipients.back')}
      </Anchor>
      <Title order={1}>{existing ? t('recipient.edit_title') : t('recipient.new_title')}</Title>
      {awaiting ? (
        <RecipientConfirmCard awaiting={awaiting} onConfirmed={done} onBack={() => setAwaiting(undefined)} />
      ) : (
        <Card withBorder padding="lg" component="form" noValidate onSubmit={submit}>
          <Stack gap="md">
            <Select
              label={t('recipient.type')}
              data={paymentTypes.map((value) => ({ value, label: t(`types.${value}`) }))}
              value={form.type}
              disabled={Boolean(existing)}
              allowDeselect={false}
              onChange={(value) => {
                if (isPaymentType(value)) form.changeType(value);
              }}
              maw={320}
            />
            <PayeeFields
              type={form.type}
              values={form.values}
              errors={form.errors}
              onChange={form.onChange}
              onIbanState={form.setIbanState}
            />
            {saveError && (
              <Alert color="red" role="alert">
                {saveError}
              </Alert>
            )}
            <Group justify="space-between">
              <Button type="submit" loading={save.isPending}>
                {t('recipient.save')}
              </Button>
              {existing && (
                <Button color="red" variant="outline" onClick={deleteDialog.open}>
                  {t('recipient.delete')}
                </Button>
              )}
            </Group>
          </Stack>
        </Card>
      )}
      <DeleteRecipientDialog recipient={existing} opened={deleteOpened} onClose={deleteDialog.close} />
    </Stack>
  );
}
