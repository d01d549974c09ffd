import type { CreateRecipient, PaymentType, Recipient } from '@bluepeak/core/payments';
import { paymentTypes } from '@bluepeak/core/payments';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { showInfo } from '../../components/snackbar';
import { usePageTitle } from '../../components/use-page-title';
import { ApiError } from '../../lib/api-client';
import { problemMessage } from '../../lib/api-error-message';
import { serverFormErrors } from '../../lib/form-errors';
import { useIdempotencyKey } from '../../lib/idempotency-key';
import { confirmRecipient, deleteRecipient, paymentKeys, recipientQuery, saveRecipient } from './api';
import { type IbanState, PayeeFields } from './payee-fields';
import { checkPayee, emptyPayee, isPaymentType, type PayeeValues } from './payment-form';
import { PAYMENT_TEXTS } from './problem-texts';
import { ScaCodeForm } from './sca-code-form';

// /dashboard/recipients/new and /dashboard/recipients/{id}: a recipient's fields for its
// payment type, checked by the shared schema; saving answers with a strong-authentication
// challenge and the recipient is usable once its code is entered. `?next=payment` goes on to
// a payment to the new recipient.
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
      {recipient.isError && !notFound && (
        <Alert color="red">{problemMessage(recipient.error, PAYMENT_TEXTS)}</Alert>
      )}
      {recipient.data && <RecipientForm key={recipient.data.id} existing={recipient.data} />}
    </Stack>
  );
}

function RecipientForm({ existing }: { existing?: Recipient }) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const typeParam = params.get('type');
  const [type, setType] = useState<PaymentType>(
    existing?.type ?? (isPaymentType(typeParam) ? typeParam : 'sepa'),
  );
  const [values, setValues] = useState<PayeeValues>(() => {
    const base = emptyPayee(type);
    const from = existing?.pending_details ?? existing?.details ?? {};
    for (const key of Object.keys(base)) base[key] = from[key] ?? '';
    return base;
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [ibanState, setIbanState] = useState<IbanState>('empty');
  // The recipient waiting for its code: a live challenge of a saved one, or the one just saved.
  const [awaiting, setAwaiting] = useState<Recipient | undefined>(existing?.sca ? existing : undefined);
  const [deleteOpened, deleteDialog] = useDisclosure(false);

  const done = (saved: Recipient) => {
    void queryClient.invalidateQueries({ queryKey: paymentKeys.recipients });
    showInfo(t('recipient.saved'));
    navigate(
      params.get('next') === 'payment'
        ? `/dashboard/payments/${saved.type}?recipient=${saved.id}`
        : '/dashboard/recipients',
    );
  };

  const idempotency = useIdempotencyKey();
  const save = useMutation({
    mutationFn: ({ body, key }: { body: CreateRecipient; key: string }) =>
      saveRecipient(body, existing?.id, key),
    meta: { silent: true },
    onSuccess: (answer) => {
      idempotency.reset();
      void queryClient.invalidateQueries({ queryKey: paymentKeys.recipients });
      if (answer.data.sca) setAwaiting(answer.data);
      else done(answer.data);
    },
    onError: (error) => setErrors(prefixless(serverFormErrors(error).fields)),
  });
  const confirm = useMutation({
    mutationFn: (code: string) => confirmRecipient(awaiting?.id ?? '', code),
    meta: { silent: true },
    onSuccess: (answer) => done(answer.data),
  });
  const remove = useMutation({
    mutationFn: () => deleteRecipient(existing?.id ?? ''),
    meta: { silent: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.recipients });
      showInfo(t('recipient.deleted'));
      navigate('/dashboard/recipients');
    },
  });

  const onChange = (name: string, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    const checked = checkPayee(type, next);
    setErrors((current) => {
      const { [name]: _dropped, ...rest } = current;
      if (checked.ok || !(name in checked.errors) || value === '') return rest;
      return { ...rest, [name]: checked.errors[name] ?? '' };
    });
  };

  const submit = () => {
    const checked = checkPayee(type, values);
    if (!checked.ok) return setErrors(checked.errors);
    if (type === 'sepa' && (ibanState === 'invalid' || ibanState === 'not_sepa')) return;
    const body = { type, details: checked.details } as CreateRecipient;
    save.mutate({ body, key: idempotency.keyFor(body) });
  };

  const saveError =
    save.error && Object.keys(serverFormErrors(save.error).fields).length === 0 ? save.error : null;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/dashboard/recipients" size="sm">
        ← {t('recipients.back')}
      </Anchor>
      <Title order={1}>{existing ? t('recipient.edit_title') : t('recipient.new_title')}</Title>
      {awaiting ? (
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t('recipient.confirm_title')}
            </Title>
            <Text size="sm">
              {t('recipient.confirm_hint', { name: awaiting.pending_details?.name ?? awaiting.name })}
            </Text>
            <ScaCodeForm
              factor={awaiting.sca?.factor}
              onSubmit={(code) => confirm.mutate(code)}
              pending={confirm.isPending}
              error={confirm.error}
              submitLabel={t('recipient.confirm')}
            />
            {awaiting.sca === null && (
              <Text size="sm" c="dimmed">
                {t('recipient.code_expired')}
              </Text>
            )}
            <Group>
              <Button variant="subtle" onClick={() => setAwaiting(undefined)}>
                {t('recipient.back_to_form')}
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : (
        <Card
          withBorder
          padding="lg"
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <Select
              label={t('recipient.type')}
              data={paymentTypes.map((value) => ({ value, label: t(`types.${value}`) }))}
              value={type}
              disabled={Boolean(existing)}
              allowDeselect={false}
              onChange={(value) => {
                if (!isPaymentType(value)) return;
                setType(value);
                setValues((current) => ({ ...emptyPayee(value), name: current.name ?? '' }));
                setErrors({});
              }}
              maw={320}
            />
            <PayeeFields
              type={type}
              values={values}
              errors={errors}
              onChange={onChange}
              onIbanState={setIbanState}
            />
            {saveError && (
              <Alert color="red" role="alert">
                {problemMessage(saveError, PAYMENT_TEXTS)}
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
      <Modal opened={deleteOpened} onClose={deleteDialog.close} title={t('recipient.delete_title')}>
        <Stack>
          <Text>{t('recipient.delete_question', { name: existing?.name ?? '' })}</Text>
          {remove.error ? <Alert color="red">{problemMessage(remove.error, PAYMENT_TEXTS)}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={deleteDialog.close}>
              {t('recipient.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('recipient.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** Server field errors come as `details.iban`; the form's fields are plain names. */
function prefixless(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key.replace(/^details\./, ''), value]),
  );
}
