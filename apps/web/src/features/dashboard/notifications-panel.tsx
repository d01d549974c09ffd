import type { Notification } from '@bluepeak/core/notifications';
import { Box, Center, Drawer, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardKeys, markNotificationsViewed, notificationPagesQuery } from './api';
import { formatNotificationDate, isNearBottom } from './dashboard-rules';

// docs/requirements/accounts.md, "Notifications": newest first, a page of 20 at a time, the next
// page loading within 10 px of the bottom. Opening the panel marks everything viewed, but only after
// the first page has arrived, so the items the client has not seen yet show as new this time.
export function NotificationsPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const pages = useInfiniteQuery({ ...notificationPagesQuery, enabled: opened });
  const markedThisTime = useRef(false);
  const markViewed = useMutation({
    mutationFn: markNotificationsViewed,
    meta: { silent: true },
    onSuccess: () => queryClient.setQueryData(dashboardKeys.unviewed, { data: [] }),
  });

  useEffect(() => {
    if (!opened) {
      markedThisTime.current = false;
      // The next opening starts from the first page with fresh viewed marks.
      queryClient.removeQueries({ queryKey: dashboardKeys.notificationPages });
      return;
    }
    if (pages.isSuccess && !markedThisTime.current) {
      markedThisTime.current = true;
      markViewed.mutate();
    }
  }, [opened, pages.isSuccess, queryClient, markViewed.mutate]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadMoreIfNearBottom = useCallback(
    (box: HTMLElement | null) => {
      if (box && hasNextPage && !isFetchingNextPage && isNearBottom(box)) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );

  // A page shorter than the panel cannot be scrolled: load the next one straight away.
  const scroller = useRef<HTMLDivElement>(null);
  const loadedCount = pages.data?.pages.length ?? 0;
  useEffect(() => {
    if (opened && loadedCount > 0) loadMoreIfNearBottom(scroller.current);
  }, [opened, loadedCount, loadMoreIfNearBottom]);

  const items = pages.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Drawer.Root opened={opened} onClose={onClose} position="right" size="md">
      <Drawer.Overlay />
      <Drawer.Content
        ref={scroller}
        onScroll={(event) => loadMoreIfNearBottom(event.currentTarget)}
        data-testid="notifications-panel"
      >
        <Drawer.Header>
          <Drawer.Title>
            <Title order={2} fz="lg" component="span">
              {t('notifications.title')}
            </Title>
          </Drawer.Title>
          <Drawer.CloseButton aria-label={t('notifications.close')} />
        </Drawer.Header>
        <Drawer.Body>
          {pages.isPending && opened && (
            <Center py="xl">
              <Loader aria-label={t('notifications.loading')} />
            </Center>
          )}
          {pages.isSuccess && items.length === 0 && (
            <Text c="dimmed" py="lg" ta="center">
              {t('notifications.empty')}
            </Text>
          )}
          {items.length > 0 && (
            <Stack
              component="ul"
              aria-label={t('notifications.list')}
              gap="sm"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
            >
              {items.map((item) => (
                <NotificationItem key={item.id} item={item} />
              ))}
            </Stack>
          )}
          {isFetchingNextPage && (
            <Center py="md">
              <Loader size="sm" aria-label={t('notifications.loading_more')} />
            </Center>
          )}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

function NotificationItem({ item }: { item: Notification }) {
  const { t, i18n } = useTranslation('dashboard');
  return (
    <Paper component="li" withBorder p="sm" data-viewed={item.viewed} bg={item.viewed ? 'gray.1' : undefined}>
      <Box style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <Text
          fw={item.viewed ? 500 : 700}
          c={item.viewed ? 'dimmed' : undefined}
          style={{ overflowWrap: 'anywhere' }}
        >
          {item.title}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          <time dateTime={item.created_at}>{formatNotificationDate(item.created_at, i18n.language)}</time>
        </Text>
      </Box>
      <Text size="sm" c={item.viewed ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {item.body}
      </Text>
      <Text size="xs" c={item.viewed ? 'dimmed' : 'brand.8'} fw={600} mt={4}>
        {item.viewed ? t('notifications.viewed') : t('notifications.new')}
      </Text>
    </Paper>
  );
}
