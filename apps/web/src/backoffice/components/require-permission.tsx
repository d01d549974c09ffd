import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Permissions, useMe } from '../lib/api';

/** A page's own guard: typing the address of a section the roles do not allow shows why. */
export function RequirePermission({ needs, children }: { needs: keyof Permissions; children: ReactNode }) {
  const { t } = useTranslation('backoffice');
  const me = useMe();
  if (!me.data) return null;
  if (!me.data.permissions[needs]) return <Alert color="yellow">{t('not_allowed')}</Alert>;
  return children;
}
