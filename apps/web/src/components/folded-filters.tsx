import { Button, Collapse, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

// A list's filters: laid out in full on a wide screen, folded behind one button on a phone (the
// button says how many are set, so a filtered list never looks like the whole one).
export function FoldedFilters({ active, children }: { active: number; children: ReactNode }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [opened, { toggle }] = useDisclosure(false);
  const id = useId();
  if (!narrow) return <>{children}</>;
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        onClick={toggle}
        aria-expanded={opened}
        aria-controls={id}
        w="fit-content"
        data-testid="filters-toggle"
      >
        {active > 0 ? t('filters.button_active', { count: active }) : t('filters.button')}
      </Button>
      <Collapse expanded={opened} id={id}>
        {children}
      </Collapse>
    </Stack>
  );
}
