import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/use-page-title';
import { changeTicket, ticketKeys } from './api';

// /dashboard/tickets/{id}/confirm (docs/requirements/tickets.md): the client confirms that
// support's answer settled the question (the conversation closes) or reopens it.
export default function ConfirmTicketPage() {
  const { t } = useTranslation('tickets');
  usePageTitle(t('confirm.title'));
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (action: 'close' | 'reopen') => changeTicket(id, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
  return (
    <Stack gap="lg" maw={640}>
      <Anchor component={Link} to={`/dashboard/tickets/${id}`} size="sm">
        ← {t('back')}
      </Anchor>
      <PageHeading title={t('confirm.title')} intro={t('confirm.intro')} />
      {decide.isSuccess ? (
        <Alert color="green">
          {t(decide.variables === 'close' ? 'confirm.done_solved' : 'confirm.done_reopen')}
        </Alert>
      ) : (
        <Group>
          <Button
            loading={decide.isPending && decide.variables === 'close'}
            onClick={() => decide.mutate('close')}
          >
            {t('confirm.solved')}
          </Button>
          <Button
            variant="default"
            loading={decide.isPending && decide.variables === 'reopen'}
            onClick={() => decide.mutate('reopen')}
          >
            {t('confirm.reopen')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
