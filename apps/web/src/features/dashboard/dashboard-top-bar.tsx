import {
  ActionIcon,
  Anchor,
  Avatar,
  Burger,
  Group,
  Indicator,
  Menu,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brand } from '../../lib/brand';
import { clientInitial } from './dashboard-rules';
import { BellIcon } from './icons';

// docs/requirements/public-site.md, "Layouts": burger menu, the notification bell (red while an unviewed
// notification exists; the dot and the button's name say so too, not the colour alone) and
// the user menu with the client's initial, Settings and Log out.
export function DashboardTopBar({
  menuOpened,
  onToggleMenu,
  clientName,
  hasUnviewed,
  onOpenNotifications,
  onLogOut,
  loggingOut,
}: {
  menuOpened: boolean;
  onToggleMenu: () => void;
  clientName: string;
  hasUnviewed: boolean;
  onOpenNotifications: () => void;
  onLogOut: () => void;
  loggingOut: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const initial = clientInitial(clientName);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          size="sm"
          aria-label={menuOpened ? t('layout.close_menu') : t('layout.open_menu')}
          aria-expanded={menuOpened}
        />
        <Anchor
          component={Link}
          to="/dashboard/accounts"
          underline="never"
          aria-label={t('layout.home_link', { brand: brand.trading_name })}
        >
          <Group gap={8} wrap="nowrap">
            <img src="/favicon.svg" alt="" width={26} height={26} />
            <Text fw={800} fz="lg" c="var(--mantine-color-text)" visibleFrom="xs">
              {brand.trading_name}
            </Text>
          </Group>
        </Anchor>
      </Group>
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Text fw={600} truncate="end" visibleFrom="sm" data-testid="client-name" maw={260}>
          {clientName}
        </Text>
        <Indicator color="red" size={10} offset={6} disabled={!hasUnviewed} processing={false}>
          <ActionIcon
            variant={hasUnviewed ? 'light' : 'subtle'}
            color={hasUnviewed ? 'red' : 'gray'}
            size="lg"
            onClick={onOpenNotifications}
            aria-label={hasUnviewed ? t('top_bar.notifications_unviewed') : t('top_bar.notifications')}
            data-unviewed={hasUnviewed}
            data-testid="notification-bell"
          >
            <BellIcon />
          </ActionIcon>
        </Indicator>
        <Menu position="bottom-end" width={200} withinPortal>
          <Menu.Target>
            <UnstyledButton aria-label={t('top_bar.user_menu', { name: clientName || initial })}>
              <Avatar color="brand" radius="xl" size={36} variant="filled">
                {initial}
              </Avatar>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{clientName}</Menu.Label>
            {/* Closing the account is a page of Settings, never a slip away from Log out. */}
            <Menu.Item component={Link} to="/dashboard/settings">
              {t('top_bar.settings')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item onClick={onLogOut} disabled={loggingOut}>
              {t('top_bar.log_out')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
