import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../lib/use-locale';
import { AuthCard } from './auth-card';
import { SignUpForm } from './sign-up-form';

export default function PrivateSignUpPage() {
  const { t } = useTranslation('auth');
  const to = useLocalePath();
  return (
    <AuthCard title={t('signup.private_title')} intro={t('signup.private_intro')} size="sm">
      <SignUpForm kind="private" />
      <Text size="sm">
        <Anchor component={Link} to={to('/business-account')}>
          {t('signup.switch_to_business')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
