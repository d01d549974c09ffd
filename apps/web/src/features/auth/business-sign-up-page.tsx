import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../lib/use-locale';
import { AuthCard } from './auth-card';
import { SignUpForm } from './sign-up-form';

export default function BusinessSignUpPage() {
  const { t } = useTranslation('auth');
  const to = useLocalePath();
  return (
    <AuthCard title={t('signup.business_title')} intro={t('signup.business_intro')} size="sm">
      <SignUpForm kind="business" />
      <Text size="sm">
        <Anchor component={Link} to={to('/private-account')}>
          {t('signup.switch_to_private')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
