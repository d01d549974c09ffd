import { createOperatorSchema, operatorRoles } from '@bluepeak/core/backoffice';
import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/form-message';
import { formatDateTime } from '../../../lib/format-date';
import { useFormMutation } from '../../../lib/use-form-mutation';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { inviteOperator, operatorKeys } from './api';

/** Invites an operator with roles; the invitee finishes from the e-mailed link. */
export function CreateOperator({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const form = useSchemaForm(createOperatorSchema, { email: '', name: '', roles: [] as string[] });
  const [invited, setInvited] = useState<{ email: string; expires_at: string } | null>(null);
  const {
    mutation: create,
    submit,
    message,
    clearMessage,
  } = useFormMutation(form, {
    request: (values) => inviteOperator(values),
    onSuccess: async (answer) => {
      setInvited({ email: answer.data.operator.email, expires_at: answer.data.invitation.expires_at });
      await queryClient.invalidateQueries({ queryKey: operatorKeys.all });
    },
  });
  const close = () => {
    form.reset();
    clearMessage();
    setInvited(null);
    create.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('operators.create')} size="lg">
      {invited ? (
        <Stack>
          <Alert color="green" data-testid="invitation-sent">
            {t('operators.invitation_sent', {
              email: invited.email,
              expires: formatDateTime(invited.expires_at),
            })}
          </Alert>
          <Button onClick={close}>{t('operators.done')}</Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label={t('operators.name')} required maxLength={140} {...form.text('name')} />
            <TextInput label={t('operators.email')} type="email" required {...form.text('email')} />
            <Checkbox.Group
              label={t('operators.roles')}
              value={form.values.roles}
              onChange={(roles) => form.setValue('roles', roles)}
              error={form.errors.roles}
              withAsterisk
            >
              <Stack gap="xs" mt="xs">
                {operatorRoles.map((role) => (
                  <Checkbox
                    key={role}
                    value={role}
                    label={`${t(`roles.${role}`)}: ${t(`role_description.${role}`)}`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <FormMessage message={message} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} disabled={form.values.roles.length === 0}>
                {t('operators.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
