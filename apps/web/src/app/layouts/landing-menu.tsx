import { Anchor, Divider, Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brand } from '../../lib/brand';
import { useLocalePath } from '../../lib/use-locale';
import { SITE_LINKS } from './landing-footer';

// The header's mobile menu. Its own chunk: the drawer (focus trap, scroll lock, transitions)
// downloads the first time a visitor opens the menu, not with every public page. On a phone it
// is the only way round the site, so it carries every page the footer links to as well.
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
  const to = useLocalePath();
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
        <Divider />
        {SITE_LINKS.map((page) => (
          <Anchor key={page} component={Link} to={to(`/${page}`)} onClick={onClose}>
            {t(`footer.links.${page}`)}
          </Anchor>
        ))}
      </Stack>
    </Drawer>
  );
}
