import type { TColony } from '@coral/core';
import { useCallback, useEffect, useState } from 'react';
import { isStaleDataVersion } from '../api/get-colony-markers';
import type { MarkerMembers, MembersPage } from '../markers/marker-source';
import type { SiteSummary } from '@coral/core/map-clusters';

/** How many colonies a popup lists before 'Show more'. */
export const POPUP_LIST_PAGE = 50;

/** The colonies listed so far (the first pages) and the marker's sites. */
export interface LoadedMembers {
  count: number;
  sites: readonly SiteSummary[];
  colonies: readonly TColony[];
}

/** A page being asked for (attempt: a 'Try again' asks for the same page anew). */
interface Wanted {
  offset: number;
  attempt: number;
}

function append(loaded: LoadedMembers | null, page: MembersPage, offset: number): LoadedMembers {
  return {
    count: page.count,
    sites: loaded?.sites ?? page.sites,
    colonies: [...(loaded?.colonies.slice(0, offset) ?? []), ...page.colonies],
  };
}

/**
 * A marker's colonies for its popup, 50 at a time: taken at once when they are in the browser,
 * asked for otherwise. An outdated data version (the server's data changed since the markers
 * were drawn) calls `onStale` instead of failing.
 */
export function useMarkerMembers(members: MarkerMembers, onStale?: () => void) {
  const [loaded, setLoaded] = useState<LoadedMembers | null>(() => {
    const first = members.now?.(0, POPUP_LIST_PAGE);
    return first ? append(null, first, 0) : null;
  });
  const [wanted, setWanted] = useState<Wanted | null>(() =>
    members.now ? null : { offset: 0, attempt: 0 },
  );
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    members.load(wanted.offset, POPUP_LIST_PAGE, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setLoaded((previous) => append(previous, page, wanted.offset));
        setWanted(null);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isStaleDataVersion(error)) {
          onStale?.();
          return;
        }
        console.error("A marker's colonies could not be loaded", error);
        setFailed(true);
      },
    );
    return () => controller.abort();
  }, [members, wanted, onStale]);

  const showMore = useCallback(() => {
    const offset = loaded?.colonies.length ?? 0;
    const page = members.now?.(offset, POPUP_LIST_PAGE);
    if (page) {
      setLoaded((previous) => append(previous, page, offset));
      return;
    }
    setFailed(false);
    setWanted({ offset, attempt: 0 });
  }, [loaded, members]);

  const retry = useCallback(() => {
    setFailed(false);
    setWanted((previous) => previous && { ...previous, attempt: previous.attempt + 1 });
  }, []);

  return { loaded, loading: wanted !== null && !failed, failed, showMore, retry };
}
