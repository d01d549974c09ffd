import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { showInfo } from '../../components/snackbar';
import { clientQueryKeys, useLogOut } from '../../lib/client-session';
import { extendSession } from './api';
import { idleStage, secondsLeft } from './session-rules';

const TICK_MS = 1_000;

// PSD2 RTS: 5 idle minutes end the session. Every successful API call is activity (the server
// resets its own timer on each one, except login_check); after 4 quiet minutes a dialog offers
// to stay, and at 5 the browser logs out rather than wait for a refused request.
export function IdleWatch() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const { logOut } = useLogOut();
  const location = useLocation();
  const lastActivity = useRef(Date.now());
  const [now, setNow] = useState(() => Date.now());
  const ending = useRef(false);
  const extend = useMutation({
    mutationFn: extendSession,
  });

  useEffect(() => {
    const touch = () => {
      lastActivity.current = Date.now();
    };
    const isProbe = (key: readonly unknown[]) =>
      key[0] === clientQueryKeys.loginCheck[0] && key[1] === clientQueryKeys.loginCheck[1];
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && !isProbe(event.query.queryKey))
        touch();
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') touch();
    });
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => {
      stopQueries();
      stopMutations();
      clearInterval(timer);
    };
  }, [queryClient]);

  const stage = idleStage(now, lastActivity.current);
  useEffect(() => {
    if (stage !== 'expired' || ending.current) return;
    ending.current = true;
    void logOut(() => showInfo(t('session.timed_out')), `${location.pathname}${location.search}`);
  }, [stage, logOut, t, location]);

  return (
    <Modal
      opened={stage === 'warning'}
      onClose={() => extend.mutate()}
      title={t('session.idle_title')}
      centered
      closeOnClickOutside={false}
    >
      <Stack gap="md">
        <Text role="timer" aria-live="polite">
          {t('session.idle_body', { seconds: secondsLeft(now, lastActivity.current) })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void logOut()}>
            {t('session.log_out')}
          </Button>
          <Button loading={extend.isPending} onClick={() => extend.mutate()} data-autofocus>
            {t('session.stay')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
