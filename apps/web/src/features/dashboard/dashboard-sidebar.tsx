import { Badge, Box, NavLink, Stack, Tooltip, VisuallyHidden } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isSidebarItemActive, type SidebarItem, type SidebarKey } from './dashboard-rules';
import {
  EscrowIcon,
  GiftIcon,
  HomeIcon,
  MessagesIcon,
  PaymentsIcon,
  RecipientsIcon,
  SettingsIcon,
  StatementsIcon,
} from './icons';

const ICONS: Record<SidebarKey, ComponentType> = {
  home: HomeIcon,
  payments: PaymentsIcon,
  escrow: EscrowIcon,
  statements: StatementsIcon,
  messages: MessagesIcon,
  recipients: RecipientsIcon,
  settings: SettingsIcon,
};

// docs/requirements/public-site.md, "Layouts": the same list serves the desktop side bar and the
// mobile menu (the layout's navigation landmark holds it).
// A disabled item is a disabled button, not a link, so neither mouse nor keyboard can follow it.
export function DashboardSidebar({
  items,
  showReferral,
  onNavigate,
}: {
  items: SidebarItem[];
  showReferral: boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const { pathname, search } = useLocation();
  const isActive = (to: string) => isSidebarItemActive(to, pathname, search);
  return (
    <Stack gap={4}>
      {items.map((item) => {
        const Icon = ICONS[item.key];
        const label = t(`nav.${item.key}`);
        const right = (
          <>
            {item.badge && (
              <Badge color="red" variant="filled" size="sm" circle={item.badge.length < 2}>
                {item.badge}
                <VisuallyHidden> {t('nav.unread')}</VisuallyHidden>
              </Badge>
            )}
            {item.attention && (
              <Box
                component="span"
                data-testid="settings-attention"
                w={10}
                h={10}
                bg="red.7"
                style={{ borderRadius: '50%', display: 'inline-block' }}
              >
                <VisuallyHidden>{t('nav.needs_attention')}</VisuallyHidden>
              </Box>
            )}
          </>
        );
        if (item.disabled) {
          return (
            <Tooltip
              key={item.key}
              label={t(`nav.${item.reason ?? 'approved_only'}`)}
              position="right"
              withinPortal
            >
              <NavLink
                // Mantine only styles `disabled`; the native attribute keeps it out of reach.
                renderRoot={(props) => <button {...props} type="button" disabled />}
                disabled
                label={label}
                description={<VisuallyHidden>{t(`nav.${item.reason ?? 'approved_only'}`)}</VisuallyHidden>}
                leftSection={<Icon />}
              />
            </Tooltip>
          );
        }
        return (
          <NavLink
            key={item.key}
            component={Link}
            to={item.to}
            onClick={onNavigate}
            active={isActive(item.to)}
            aria-current={isActive(item.to) ? 'page' : undefined}
            label={label}
            leftSection={<Icon />}
            rightSection={right}
          />
        );
      })}
      {showReferral && (
        <NavLink
          component={Link}
          to="/dashboard/referral"
          onClick={onNavigate}
          active={isActive('/dashboard/referral')}
          aria-current={isActive('/dashboard/referral') ? 'page' : undefined}
          label={t('nav.referral')}
          leftSection={<GiftIcon />}
        />
      )}
    </Stack>
  );
}
