import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { LoadingBar } from '../../components/loading-bar';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      <LoadingBar active={navigation.state !== 'idle'} />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
