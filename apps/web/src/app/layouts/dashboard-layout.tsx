import { AppShell, Container, LoadingOverlay, ScrollArea } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { SkipLink } from '../../components/skip-link';
import { showInfo } from '../../components/snackbar';
import { unviewedNotificationsQuery } from '../../features/dashboard/api';
import { sidebarItems } from '../../features/dashboard/dashboard-rules';
import { DashboardSidebar } from '../../features/dashboard/dashboard-sidebar';
import { DashboardTopBar } from '../../features/dashboard/dashboard-top-bar';
import { startErrorReporting } from '../../features/dashboard/error-reporting';
import { NotificationsPanel } from '../../features/dashboard/notifications-panel';
import { clientDisplayName, useClient, useLogOut } from '../../lib/client-session';
import { useForceColorScheme } from '../../lib/color-scheme';
import { PageFrameContext } from '../../lib/page-frame';
import { updateRequireQuery } from '../../lib/queries/update-require';

// docs/requirements/public-site.md, the dashboard layout: side bar (a menu under the burger on
// small screens), the client's top bar, the notifications side panel, always light. The overlay
// covers the page only while the frame's first data (the update-required flags) is actually
// loading, and for about a second at most: a slow answer leaves the page usable with its own
// loaders instead of a blurred screen.
const NAVBAR_WIDTH = 248;
const LOADING_OVERLAY_MAX_MS = 1_000;

export default function DashboardLayout() {
  useForceColorScheme('light');
  const { t } = useTranslation('dashboard');
  const client = useClient();
  const { logOut, pending: loggingOut } = useLogOut();
  const queryClient = useQueryClient();
  const updateRequire = useQuery(updateRequireQuery);
  const unviewed = useQuery(unviewedNotificationsQuery);
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopCollapsed, desktop] = useDisclosure(false);
  const [notificationsOpened, notifications] = useDisclosure(false);
  const isSmall = useMediaQuery('(max-width: 47.99em)') ?? false;
  const { pathname } = useLocation();
  const [overlayExpired, setOverlayExpired] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setOverlayExpired(true), LOADING_OVERLAY_MAX_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => startErrorReporting(queryClient), [queryClient]);
  // The mobile menu closes once the client has picked a page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => mobile.close(), [pathname]);

  const collapsed = isSmall ? !mobileOpened : desktopCollapsed;
  const name = clientDisplayName(client);
  const items = sidebarItems(client, updateRequire.data);
  return (
    <>
      <SkipLink label={t('common:skip_to_content')} />
      <AppShell
        header={{ height: 60 }}
        navbar={{
          width: NAVBAR_WIDTH,
          breakpoint: 'sm',
          collapsed: { mobile: !mobileOpened, desktop: desktopCollapsed },
        }}
        padding="md"
      >
        <AppShell.Header>
          <DashboardTopBar
            menuOpened={isSmall ? mobileOpened : !desktopCollapsed}
            onToggleMenu={isSmall ? mobile.toggle : desktop.toggle}
            clientName={name}
            hasUnviewed={unviewed.data === true}
            onOpenNotifications={notifications.open}
            onLogOut={() => void logOut(() => showInfo(t('common:logged_out')))}
            loggingOut={loggingOut}
          />
        </AppShell.Header>
        <AppShell.Navbar
          p="sm"
          id="dashboard-menu"
          aria-label={t('layout.sidebar')}
          // A collapsed bar only slides out of view: hide it from the keyboard and screen readers too.
          inert={collapsed}
          style={collapsed ? { visibility: 'hidden' } : undefined}
        >
          <AppShell.Section grow component={ScrollArea}>
            <DashboardSidebar
              items={items}
              showReferral={Boolean(client.referral_id)}
              onNavigate={mobile.close}
            />
          </AppShell.Section>
        </AppShell.Navbar>
        <AppShell.Main id="main-content" pos="relative" style={{ overflowX: 'clip' }}>
          <LoadingOverlay
            visible={updateRequire.isPending && !overlayExpired}
            zIndex={150}
            overlayProps={{ blur: 1 }}
            loaderProps={{ 'aria-label': t('layout.loading') }}
          />
          <Container size="lg" px={0} key={pathname}>
            <PageFrameContext.Provider value="dashboard">
              <Outlet />
            </PageFrameContext.Provider>
          </Container>
        </AppShell.Main>
        <NotificationsPanel opened={notificationsOpened} onClose={notifications.close} />
      </AppShell>
    </>
  );
}
