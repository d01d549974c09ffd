import type { OperatorRole } from '@bluepeak/core/backoffice';
import {
  Alert,
  AppShell,
  Badge,
  Burger,
  Button,
  Center,
  Group,
  Loader,
  NavLink,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, NavLink as RouterLink, useNavigate } from 'react-router';
import { SkipLink } from '../components/skip-link';
import { ApiError } from '../lib/api-client';
import { logOut as endSession, type Permissions, useMe } from './lib/api';

// Navigation by role: an item the operator's roles cannot use is not shown at all.
type NavLabel =
  | 'clients'
  | 'audit'
  | 'reporting'
  | 'adjustments'
  | 'operators'
  | 'deactivations'
  | 'tickets'
  | 'escrow'
  | 'bank_statements'
  | 'fee_run'
  | PaymentsNavLabel;
type PaymentsNavLabel = 'payments' | 'payment_files' | 'exchanges' | 'fx_desk';
const NAVIGATION: {
  to: string;
  label: NavLabel;
  needs: keyof Permissions;
}[] = [
  { to: '/clients', label: 'clients', needs: 'viewClients' },
  { to: '/tickets', label: 'tickets', needs: 'answerTickets' },
  { to: '/deactivations', label: 'deactivations', needs: 'reviewDeactivations' },
  { to: '/audit', label: 'audit', needs: 'viewAudit' },
  { to: '/reporting', label: 'reporting', needs: 'viewReports' },
  { to: '/fee-run', label: 'fee_run', needs: 'viewReports' },
  { to: '/payments', label: 'payments', needs: 'managePayments' },
  { to: '/payment-files', label: 'payment_files', needs: 'managePayments' },
  { to: '/exchanges', label: 'exchanges', needs: 'managePayments' },
  { to: '/fx-desk', label: 'fx_desk', needs: 'managePayments' },
  { to: '/bank-statements', label: 'bank_statements', needs: 'approveIncomingCredit' },
  { to: '/adjustments', label: 'adjustments', needs: 'approveAdjustment' },
  { to: '/escrow', label: 'escrow', needs: 'manageEscrow' },
  { to: '/operators', label: 'operators', needs: 'manageOperators' },
];

// Sections that keep their texts under their own key in backoffice.json.
const navText = (label: NavLabel) =>
  label === 'deactivations'
    ? ('deactivation.nav' as const)
    : label === 'payments' || label === 'payment_files' || label === 'exchanges' || label === 'fx_desk'
      ? (`payments.nav.${label}` as const)
      : (`nav.${label}` as const);

export function BackofficeLayout() {
  const { t } = useTranslation('backoffice');
  const me = useMe();
  const [opened, { toggle, close }] = useDisclosure();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  if (me.isPending)
    return (
      <Center h="100vh">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  // Once the operator is known, a failed background refetch of /me must not replace the page
  // (and an open dialog with it): a 401 is sent to log-in by the query client's handler.
  if (!me.data) {
    if (me.error instanceof ApiError && me.error.status === 401) return <Navigate to="/login" replace />;
    return (
      <Center h="100vh">
        <Alert color="red">{t('errors.no_response')}</Alert>
      </Center>
    );
  }
  const operator = me.data;
  const logOut = async () => {
    await endSession();
    queryClient.clear();
    navigate('/login', { replace: true, state: { loggedOut: true } });
  };

  return (
    <>
      <SkipLink label={t('skip_to_content')} />
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.menu')} />
              <Title order={2} fz="lg">
                {t('title')}
              </Title>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <Stack gap={0} visibleFrom="sm" align="flex-end">
                <Text size="sm" fw={600} data-testid="operator-email">
                  {operator.email}
                </Text>
                <Group gap={4}>
                  {operator.roles.map((role) => (
                    <Badge key={role} size="xs" variant="outline">
                      {t(`roles.${role}` as 'roles.admin')}
                    </Badge>
                  ))}
                </Group>
              </Stack>
              <Button variant="default" size="xs" onClick={() => void logOut()}>
                {t('nav.logout')}
              </Button>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" component="nav" aria-label={t('nav.label')}>
          {NAVIGATION.filter((item) => operator.permissions[item.needs]).map((item) => (
            <NavLink
              key={item.to}
              component={RouterLink}
              to={item.to}
              label={t(navText(item.label))}
              onClick={close}
            />
          ))}
        </AppShell.Navbar>
        <AppShell.Main id="main-content">
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </>
  );
}

// Each role starts at its own work queue; an operator with several roles at the first of these
// it holds, and anyone else (an administrator) at the first section it may use.
const ROLE_QUEUES: readonly (readonly [OperatorRole, string])[] = [
  ['compliance', '/clients'],
  ['payments', '/payments'],
  ['support', '/tickets'],
];

/** The start page: the operator's own queue. */
export function FirstAllowedPage() {
  const { t } = useTranslation('backoffice');
  const me = useMe();
  if (!me.data) return null;
  const { roles, permissions } = me.data;
  const queue = ROLE_QUEUES.find(([role]) => roles.includes(role))?.[1];
  const first = queue ?? NAVIGATION.find((item) => permissions[item.needs])?.to;
  if (!first) return <Alert color="gray">{t('nothing_allowed')}</Alert>;
  return <Navigate to={first} replace />;
}
