import { operatorRoles } from '@bluepeak/core/backoffice';
import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { useTextFields } from '../../lib/use-text-fields';
import { inviteOperator, operatorKeys } from './api';

/** Invites an operator with roles; the invitee finishes from the e-mailed link. */
export function CreateOperator({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const { values: form, field, reset } = useTextFields({ email: '', name: '' });
  const [roles, setRoles] = useState<string[]>([]);
  const [invited, setInvited] = useState<{ email: string; expires_at: string } | null>(null);
  const create = useMutation({
    mutationFn: () => inviteOperator({ ...form, roles }),
    onSuccess: async (answer) => {
      setInvited({ email: answer.data.operator.email, expires_at: answer.data.invitation.expires_at });
      await queryClient.invalidateQueries({ queryKey: operatorKeys.all });
    },
  });
  const close = () => {
    reset();
    setRoles([]);
    setInvited(null);
    create.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
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
        <form onSubmit={submit}>
          <Stack>
            <TextInput label={t('operators.name')} required maxLength={140} {...field('name')} />
            <TextInput label={t('operators.email')} type="email" required {...field('email')} />
            <Checkbox.Group label={t('operators.roles')} value={roles} onChange={setRoles} withAsterisk>
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
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} disabled={roles.length === 0}>
                {t('operators.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
