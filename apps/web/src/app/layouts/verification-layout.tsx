import {
  ActionIcon,
  Anchor,
  AppShell,
  Button,
  Container,
  Group,
  Menu,
  Text,
  useComputedColorScheme,
  useMantineColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { SkipLink } from '../../components/skip-link';
import { showInfo } from '../../components/snackbar';
import { brand } from '../../lib/brand';
import { clientDisplayName, useClient, useLogOut } from '../../lib/client-session';

// docs/requirements/public-site.md, the verification layout of onboarding: an app bar with the
// client's name, a menu with Contacts and Password change, log-out and a light/dark switch. The
// scheme is kept in a cookie by the app's colour-scheme manager and follows the system until
// chosen.
export default function VerificationLayout() {
  const { t } = useTranslation('auth');
  const client = useClient();
  const location = useLocation();
  const { logOut, pending } = useLogOut();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const name = clientDisplayName(client);
  const nextScheme = scheme === 'dark' ? 'light' : 'dark';
  return (
    <>
      <SkipLink label={t('common:skip_to_content')} />
      <AppShell header={{ height: 60 }} padding={0}>
        <AppShell.Header>
          <Container size="lg" h="100%">
            <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
              <Anchor component={Link} to="/dashboard" underline="never" c="var(--mantine-color-text)">
                <Group gap={8} wrap="nowrap">
                  <img src="/favicon.svg" alt="" width={24} height={24} />
                  <Text fw={800} visibleFrom="xs">
                    {brand.trading_name}
                  </Text>
                  <VisuallyHidden>{t('layout.home')}</VisuallyHidden>
                </Group>
              </Anchor>
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <Menu position="bottom-end" width={220}>
                  <Menu.Target>
                    <Button variant="subtle" aria-label={t('layout.menu', { name })} style={{ minWidth: 0 }}>
                      <Text truncate="end" maw={{ base: 120, sm: 260 }} data-testid="client-name">
                        {name}
                      </Text>
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item component={Link} to="/dashboard/settings/contacts">
                      {t('layout.contacts')}
                    </Menu.Item>
                    <Menu.Item component={Link} to="/dashboard/settings/security">
                      {t('layout.security')}
                    </Menu.Item>
                    <Menu.Item component={Link} to="/dashboard/password-change">
                      {t('layout.password_change')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
                <ActionIcon
                  variant="default"
                  size="lg"
                  onClick={() => setColorScheme(nextScheme)}
                  aria-label={t(nextScheme === 'dark' ? 'layout.dark' : 'layout.light')}
                >
                  <span aria-hidden="true">{scheme === 'dark' ? '☀' : '☾'}</span>
                </ActionIcon>
                <Button
                  variant="default"
                  loading={pending}
                  onClick={() => void logOut(() => showInfo(t('common:logged_out')))}
                >
                  {t('layout.log_out')}
                </Button>
              </Group>
            </Group>
          </Container>
        </AppShell.Header>
        <AppShell.Main id="main-content" key={location.pathname}>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </>
  );
}
