import { Anchor, Burger, Button, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brand } from '../../lib/brand';
import { useLocalePath } from '../../lib/use-locale';
import { LanguageSwitcher } from './language-switcher';

const LandingMenu = lazy(() => import('./landing-menu'));

// docs/requirements/public-site.md: the header has a business-account link, a log-in link and a sign-up link.
export function LandingHeader() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  // The menu's chunk is fetched on the first open and then stays mounted (for its transitions).
  const [menuWanted, setMenuWanted] = useState(false);
  const to = useLocalePath();
  const links = (
    <>
      <Anchor component={Link} to={to('/business-account')} onClick={close} fw={500}>
        {t('nav.business_account')}
      </Anchor>
      <Button component={Link} to={to('/login')} variant="default" onClick={close}>
        {t('nav.login')}
      </Button>
      <Button component={Link} to={to('/private-account')} onClick={close}>
        {t('nav.signup')}
      </Button>
    </>
  );
  return (
    <header style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="lg" py="sm">
        <Group justify="space-between" wrap="nowrap">
          <Anchor
            component={Link}
            to={to('/')}
            underline="never"
            aria-label={t('nav.home', { brand: brand.trading_name })}
          >
            <Group gap={8} wrap="nowrap">
              <img src="/favicon.svg" alt="" width={28} height={28} />
              <Text fw={800} fz="xl" c="var(--mantine-color-text)">
                {brand.trading_name}
              </Text>
            </Group>
          </Anchor>
          <Group gap="md" visibleFrom="sm">
            <Group gap="md" component="nav" aria-label={t('nav.main')}>
              {links}
            </Group>
            <LanguageSwitcher />
          </Group>
          <Group gap="sm" wrap="nowrap" hiddenFrom="sm">
            <LanguageSwitcher />
            <Burger
              opened={opened}
              onClick={() => {
                setMenuWanted(true);
                toggle();
              }}
              aria-label={opened ? t('nav.close_menu') : t('nav.open_menu')}
            />
          </Group>
        </Group>
      </Container>
      {menuWanted && (
        <Suspense fallback={null}>
          <LandingMenu opened={opened} onClose={close}>
            {links}
          </LandingMenu>
        </Suspense>
      )}
    </header>
  );
}
