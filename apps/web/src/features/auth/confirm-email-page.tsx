import { confirmEmailGuard } from '@bluepeak/core/onboarding';
import { Alert, Button, Loader, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { FormMessage } from '../../components/form-message';
import { problemMessage } from '../../lib/api-error-message';
import { useLocalePath } from '../../lib/use-locale';
import { confirmEmail } from './api';
import { AuthCard } from './auth-card';

// #/confirm/email?hash=…, the link of the confirmation e-mail: confirms once on arrival. The route
// guard (docs/requirements/onboarding.md): without `hash` it goes to the index.
export default function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  const to = useLocalePath();
  const [params] = useSearchParams();
  const hash = params.get('hash') ?? '';
  const confirm = useMutation({
    mutationFn: () => confirmEmail(hash),
    meta: { silent: true },
  });
  const started = useRef(false);
  const guard = confirmEmailGuard({ hash });
  useEffect(() => {
    if (guard !== null || started.current) return;
    started.current = true;
    confirm.mutate();
  }, [guard, confirm]);

  if (guard !== null) return <Navigate replace to={to(guard)} />;
  return (
    <AuthCard title={t('confirm_email.title')}>
      <Stack gap="md">
        {confirm.isPending && <Loader aria-label={t('confirm_email.checking')} />}
        {confirm.isSuccess && <Alert color="green">{t('confirm_email.done')}</Alert>}
        <FormMessage message={confirm.isError ? problemMessage(confirm.error) : undefined} />
        {confirm.isSuccess && (
          <Button component={Link} to={to('/login')} w="fit-content">
            {t('confirm_email.log_in')}
          </Button>
        )}
        {confirm.isError && (
          <Button component={Link} to={to('/confirm')} variant="default" w="fit-content">
            {t('confirm_email.new_link')}
          </Button>
        )}
      </Stack>
    </AuthCard>
  );
}
