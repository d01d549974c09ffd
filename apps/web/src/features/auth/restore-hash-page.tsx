import { linkHashSchema, newPasswordSchema } from '@bluepeak/core/auth';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormMessage } from '../../components/form-message';
import { useFormMutation } from '../../lib/use-form-mutation';
import { useLocalePath } from '../../lib/use-locale';
import { useSchemaForm } from '../../lib/use-schema-form';
import { restorePassword } from './api';
import { AuthCard } from './auth-card';
import { NewPasswordFields } from './new-password-fields';

// /restore/{hash}: the e-mailed link; a new password (docs/requirements/validation.md rule, typed twice). The
// server ends every session, so the client then logs in afresh.
export default function RestoreHashPage() {
  const { t } = useTranslation('auth');
  const to = useLocalePath();
  const navigate = useNavigate();
  const { hash = '' } = useParams();
  const form = useSchemaForm(newPasswordSchema, { password: '', password_confirmation: '' });
  const linkValid = linkHashSchema.safeParse(hash).success;
  const {
    mutation: save,
    submit,
    message,
  } = useFormMutation(form, {
    request: (body) => restorePassword(hash, body),
    onSuccess: () => void navigate(to('/restore/done'), { replace: true }),
  });
  return (
    <AuthCard title={t('restore_hash.title')} intro={t('restore_hash.intro')}>
      {!linkValid ? (
        <Alert color="red" role="alert">
          {t('problems.link_invalid')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <NewPasswordFields
              label={t('restore_hash.password')}
              password={form.text('password')}
              confirmation={form.text('password_confirmation')}
            />
            <FormMessage message={message} />
            <Button type="submit" loading={save.isPending} fullWidth>
              {t('restore_hash.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={to('/restore')} size="sm">
        {t('restore_hash.new_link')}
      </Anchor>
    </AuthCard>
  );
}
