import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { FlashNotice } from '@/components/flash-notice';
import { AppFooter } from './footer';
import { AppNavbar } from './navbar';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** After an in-app navigation, focus moves to the new page's content (screen readers announce it). */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}

export function RootLayout() {
  const navigation = useNavigation();
  useFocusMainOnNavigation();
  return (
    <>
      <SkipLink />
      <AppNavbar />
      {navigation.state !== 'idle' && (
        <div className="navigation-progress" role="progressbar" aria-label="Loading page" />
      )}
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <FlashNotice />
        <Outlet />
      </main>
      <AppFooter />
      <ScrollRestoration />
    </>
  );
}
