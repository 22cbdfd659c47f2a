import { Loading } from '@/components/loading';

/** Shown while the app reads its configuration from the server, before the first screen. */
export function AppLoading() {
  return (
    <div className="container">
      <Loading text="Loading..." />
    </div>
  );
}
