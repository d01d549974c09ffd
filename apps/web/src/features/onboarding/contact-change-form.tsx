import { type ContactKind, emailChangeSchema, PHONE_EXAMPLE, phoneChangeSchema } from '@bluepeak/core/auth';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/form-message';
import { useFormMutation } from '../../lib/use-form-mutation';
import { useSchemaForm } from '../../lib/use-schema-form';
import { startContactChange } from './api';
import { StepUpFields } from './step-up-fields';

/** Where the refusals of a contact change are worded before the general texts. */
export const CONTACT_CHANGE_TEXTS = ['onboarding:contacts.change.problems'] as const;

export type PendingContactChange = { challengeId: string; value: string };

// The first step of a log-in e-mail or phone change (docs/security-settings.md, "The log-in
// e-mail and phone"): the new value, checked with the API's own schema, and step-up (the
// password and a code from the current factor). The server then sends a code to the new value.
export function ContactChangeForm({
  kind,
  onStarted,
  onCancel,
}: {
  kind: ContactKind;
  onStarted: (pending: PendingContactChange) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('onboarding');
  const field = kind === 'email' ? 'new_email' : 'new_phone';
  const schema = kind === 'email' ? emailChangeSchema : phoneChangeSchema;
  const form = useSchemaForm<Record<string, string>, { new_email?: string; new_phone?: string }>(schema, {
    [field]: '',
    current_password: '',
    step_up_challenge_id: '',
    step_up_code: '',
  });
  const { mutation, submit, message } = useFormMutation(form, {
    request: (values) => startContactChange(kind, values),
    texts: CONTACT_CHANGE_TEXTS,
    // The value as the server keeps it (a phone in E.164), to say where the code went.
    onSuccess: (answer, values) =>
      onStarted({ challengeId: answer.data.challenge_id, value: values[field] ?? form.values[field] ?? '' }),
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t(`contacts.change.${kind}.new`)}
          description={
            kind === 'phone' ? t('contacts.change.phone.example', { example: PHONE_EXAMPLE }) : undefined
          }
          type={kind === 'email' ? 'email' : 'tel'}
          autoComplete={kind === 'email' ? 'email' : 'tel'}
          inputMode={kind === 'email' ? 'email' : 'tel'}
          required
          data-autofocus
          {...form.text(field)}
        />
        <StepUpFields
          action={kind === 'email' ? 'email_change' : 'phone_change'}
          form={form}
          passwordLabel={t('contacts.password')}
        />
        <FormMessage message={message} />
        {/* On a phone the two do not fit one line: the main action then comes first, on top. */}
        <Group justify="flex-end" wrap="wrap-reverse">
          <Button variant="default" onClick={onCancel}>
            {t('contacts.change.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {t(`contacts.change.${kind}.send`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
