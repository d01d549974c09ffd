import {
  type ClientDeactivationView,
  DEACTIVATION_COMMENT_MAX,
  type DeactivationReason,
  deactivationReasons,
  requestDeactivationSchema,
} from '@bluepeak/core/deactivation';
import { Alert, Anchor, Button, Card, Radio, Select, Stack, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { problemMessage } from '../../lib/api-error-message';
import { issuesToFieldErrors, serverFormErrors } from '../../lib/form-errors';
import { useIdempotentMutation } from '../../lib/idempotency-key';
import { askDeactivation, deactivationKey, payoutRecipientsQuery } from './api';
import { PayoutPlan } from './payout-plan';
import { DEACTIVATION_TEXTS } from './problem-texts';

// The request form: a reason from the list (free text for "other"), and where a remaining
// balance goes: one of the client's confirmed recipients, or nowhere because it is zero. The
// shared schema checks it before sending; the answer carries the code challenge. Once a
// recipient is chosen the form shows what its pay-out costs and what arrives; a recipient can be
// added from here, and `?recipient=` (where adding one comes back to) chooses it.
function fieldErrorKey(field: string) {
  if (field === 'reason') return 'deactivation.errors.reason' as const;
  if (field === 'comment') return 'deactivation.errors.comment' as const;
  if (field === 'payout.recipient_id') return 'deactivation.errors.recipient' as const;
  return 'deactivation.errors.payout' as const;
}

export function DeactivationForm({ view }: { view: ClientDeactivationView }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const recipients = useQuery(payoutRecipientsQuery);
  const hasMoney = view.accounts.some((account) => account.balance > 0);
  const [reason, setReason] = useState<DeactivationReason | null>(null);
  const [comment, setComment] = useState('');
  const [payoutKind, setPayoutKind] = useState<'recipient' | 'balance_is_zero'>(
    hasMoney ? 'recipient' : 'balance_is_zero',
  );
  const [params] = useSearchParams();
  const [recipientId, setRecipientId] = useState<string | null>(params.get('recipient'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string>();
  const { mutation: ask, send } = useIdempotentMutation({
    request: askDeactivation,
    onSuccess: (answer) => {
      queryClient.setQueryData(deactivationKey, { data: answer.data });
    },
    // Unlike other forms, the refusal's own text shows even beside the fields it names.
    onError: (error) => {
      const refusal = serverFormErrors(error);
      setErrors(refusal.fields);
      setMessage(problemMessage(error, DEACTIVATION_TEXTS) ?? refusal.message);
    },
  });
  const activeRecipients = recipients.data ?? [];
  // Only a recipient the client can choose is chosen, whatever the address says.
  const chosen = activeRecipients.some((recipient) => recipient.id === recipientId) ? recipientId : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(undefined);
    const parsed = requestDeactivationSchema.safeParse({
      reason: reason ?? undefined,
      ...(comment.trim() ? { comment } : {}),
      payout:
        payoutKind === 'recipient'
          ? { kind: 'recipient', recipient_id: chosen ?? '' }
          : { kind: 'balance_is_zero' },
    });
    if (!parsed.success) {
      // The schema's messages are English; each field has its own text in the reader's language.
      const fields = Object.keys(issuesToFieldErrors(parsed.error.issues));
      setErrors(Object.fromEntries(fields.map((field) => [field, t(fieldErrorKey(field))])));
      return;
    }
    setErrors({});
    send(parsed.data);
  };

  return (
    <Card withBorder padding="lg">
      <Stack component="form" gap="md" onSubmit={submit}>
        <Title order={2} size="h4">
          {t('deactivation.form_title')}
        </Title>
        <Select
          label={t('deactivation.reason_label')}
          placeholder={t('deactivation.reason_placeholder')}
          data={deactivationReasons.map((value) => ({ value, label: t(`deactivation.reasons.${value}`) }))}
          value={reason}
          onChange={(value) => setReason(value as DeactivationReason | null)}
          error={errors.reason}
          required
          allowDeselect={false}
        />
        <Textarea
          label={t('deactivation.comment_label')}
          description={t('deactivation.comment_hint')}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          maxLength={DEACTIVATION_COMMENT_MAX}
          error={errors.comment}
          autosize
          minRows={2}
        />
        <Radio.Group
          label={t('deactivation.payout_label')}
          value={payoutKind}
          onChange={(value) => setPayoutKind(value as 'recipient' | 'balance_is_zero')}
          error={errors.payout}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="recipient" label={t('deactivation.payout_recipient')} />
            <Radio value="balance_is_zero" label={t('deactivation.payout_zero')} />
          </Stack>
        </Radio.Group>
        {payoutKind === 'recipient' && (
          <Select
            label={t('deactivation.recipient_label')}
            placeholder={
              activeRecipients.length === 0
                ? t('deactivation.no_recipients')
                : t('deactivation.recipient_placeholder')
            }
            data={activeRecipients.map((recipient) => ({ value: recipient.id, label: recipient.name }))}
            value={chosen}
            onChange={setRecipientId}
            error={errors['payout.recipient_id']}
            disabled={activeRecipients.length === 0}
            required
          />
        )}
        {payoutKind === 'recipient' && (
          <Anchor component={Link} to="/dashboard/recipients/new?next=deactivation" size="sm">
            {t('deactivation.add_recipient')}
          </Anchor>
        )}
        {payoutKind === 'recipient' && chosen && <PayoutPlan recipientId={chosen} />}
        {message && (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        )}
        <Button type="submit" color="red" loading={ask.isPending}>
          {t('deactivation.submit')}
        </Button>
      </Stack>
    </Card>
  );
}
