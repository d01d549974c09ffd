import { Alert, Anchor, Button, Group, Skeleton, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/use-page-title';
import { ApiError } from '../../lib/api-client';
import { changeTicket, ticketKeys, ticketQuery } from './api';

// /dashboard/tickets/{id}/confirm (docs/requirements/tickets.md): the client confirms that
// support's answer settled the question (the conversation closes) or reopens it.
export default function ConfirmTicketPage() {
  const { t } = useTranslation('tickets');
  usePageTitle(t('confirm.title'));
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const ticket = useQuery(ticketQuery(id));
  const decide = useMutation({
    mutationFn: (action: 'close' | 'reopen') => changeTicket(id, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
  if (ticket.isPending)
    return <Skeleton role="status" height={160} aria-busy="true" aria-label={t('loading')} />;
  // A conversation that is not the client's (or no conversation at all) is only not found.
  if (ticket.isError) {
    const missing = ticket.error instanceof ApiError && [400, 404].includes(ticket.error.status);
    return <Alert color={missing ? 'gray' : 'red'}>{t(missing ? 'not_found' : 'load_failed')}</Alert>;
  }
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
