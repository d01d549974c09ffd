import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches, useSearchParams } from 'react-router';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { clientDataQuery, pageWithoutSession, UPDATE_INFO_SHOWN_KEY } from '../../lib/client-session';
import { forgetSessionCookies } from '../../lib/cookies';
import { loadLanguage } from '../../lib/load-language';
import { currentDetectedLocale } from '../../lib/locales';
import { loginCheckQuery } from './api';
import { IdleWatch } from './idle-watch';
import {
  type GuardedHandle,
  type RouteGuardName,
  sessionRedirect,
  updateInfoNowShown,
} from './session-rules';

// The client session (docs/requirements/onboarding.md and docs/error-catalogue.md) around every
// /dashboard page: login_check on mount, the client record, the forced redirects and route guards
// on every navigation, and the idle timeout. Pages below it can rely on useClient() having data.
export default function ClientSessionGate() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const matches = useMatches();
  const [languageReady, setLanguageReady] = useState(false);
  const [updateInfoShown, setUpdateInfoShown] = useState(
    () => sessionStorage.getItem(UPDATE_INFO_SHOWN_KEY) === '1',
  );

  // Dashboard paths carry no locale prefix: the language is the one the visitor chose.
  useEffect(() => {
    void loadLanguage(currentDetectedLocale().language).then(() => setLanguageReady(true));
  }, []);

  const check = useQuery(loginCheckQuery);
  const client = useQuery({ ...clientDataQuery, enabled: check.isSuccess });

  const guards = useMemo(
    () => matches.flatMap((match) => (match.handle as GuardedHandle | undefined)?.guards ?? []),
    [matches],
  ) as RouteGuardName[];
  const query = Object.fromEntries(searchParams.entries());
  const redirect = client.data
    ? sessionRedirect(client.data, location.pathname, query, guards, { updateInfoShown })
    : null;
  const shownNow = updateInfoNowShown(updateInfoShown, location.pathname, redirect);

  useEffect(() => {
    if (shownNow && !updateInfoShown) {
      sessionStorage.setItem(UPDATE_INFO_SHOWN_KEY, '1');
      setUpdateInfoShown(true);
    }
  }, [shownNow, updateInfoShown]);

  // docs/requirements/onboarding.md: no session on a non-public page logs out and goes to the site root.
  useEffect(() => {
    if (check.isError) forgetSessionCookies();
  }, [check.isError]);
  if (check.isError)
    return <Navigate replace to={pageWithoutSession(`${location.pathname}${location.search}`)} />;

  if (redirect && redirect.to !== location.pathname) return <Navigate replace to={redirect.to} />;
  const loading = <PageLoader label={t('session.loading')} />;
  // docs/error-catalogue.md: a failed client-data fetch shows no message of the catalogue; the page
  // says it could not load instead of spinning forever, and offers to try again.
  if (!client.data && client.isError && languageReady) {
    return (
      <Center mih="60vh" p="md">
        <LoadFailedAlert
          title={t('session.load_failed')}
          retryLabel={t('session.retry')}
          onRetry={() => void client.refetch()}
          testId="client-data-failed"
        />
      </Center>
    );
  }
  if (!client.data || !languageReady) return loading;
  return (
    <>
      <IdleWatch />
      <Suspense fallback={loading}>
        <Outlet />
      </Suspense>
    </>
  );
}

function PageLoader({ label }: { label: string }) {
  return (
    <Center mih="60vh">
      <Loader aria-label={label} />
    </Center>
  );
}
