import { Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { brand } from '../../lib/brand';

// The header's mobile menu. Its own chunk: the drawer (focus trap, scroll lock, transitions)
// downloads the first time a visitor opens the menu, not with every public page.
export default function LandingMenu({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xs"
      title={brand.trading_name}
      hiddenFrom="sm"
    >
      <Stack component="nav" aria-label={t('nav.main')} gap="md">
        {children}
      </Stack>
    </Drawer>
  );
}
