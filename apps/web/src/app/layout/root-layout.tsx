import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLoaderData, useLocation, useNavigation } from 'react-router';
import { FlashNotice } from '@/components/flash-notice';
import { Loading } from '@/components/loading';
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

/**
 * The layout of every page. It is also the root route's hydration fallback: while the app
 * still reads its configuration (and the first page's code), the same component draws the
 * navbar's shell and a 'Loading...' status, so a cold load never shows a blank page (decision 0004,
 * defect 4). Being the same component in the same place, React keeps the navbar's elements when
 * the app is ready: a link focused or clicked during the start is not swapped under the user.
 */
export function RootLayout() {
  // The root loader's data (the configuration) exists once the router has started.
  const started = useLoaderData() !== undefined;
  const navigation = useNavigation();
  useFocusMainOnNavigation();
  return (
    <>
      <SkipLink />
      <AppNavbar shell={!started} />
      {navigation.state !== 'idle' && (
        <div className="navigation-progress" role="progressbar" aria-label="Loading page" />
      )}
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {started ? (
          <>
            <FlashNotice />
            <Outlet />
          </>
        ) : (
          <div className="container">
            <Loading text="Loading..." />
          </div>
        )}
      </main>
      {started && <AppFooter />}
      <ScrollRestoration />
    </>
  );
}
