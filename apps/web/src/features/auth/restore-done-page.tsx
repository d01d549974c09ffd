import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../lib/use-locale';
import { AuthCard } from './auth-card';

// /restore/done: the new password is set and every old session has ended.
export default function RestoreDonePage() {
  const { t } = useTranslation('auth');
  const to = useLocalePath();
  return (
    <AuthCard title={t('restore_done.title')}>
      <Alert color="green">{t('restore_done.body')}</Alert>
      <Button component={Link} to={to('/login')} w="fit-content">
        {t('restore_done.log_in')}
      </Button>
    </AuthCard>
  );
}
