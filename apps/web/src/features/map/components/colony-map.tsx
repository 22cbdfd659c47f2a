import type { TDraftColony, TPublicConfig } from '@coral/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  ColonyMapController,
  type ColonyMapData,
  type MarkersFailure,
  type PopupRequest,
} from '../leaflet/colony-map-controller';
import type { FitPadding } from '../utils/fit-padding';
import { ColonyPopup } from './colony-popup';
import { DraftColonyPopup } from './draft-colony-popup';

interface ColonyMapProps {
  tiles: TPublicConfig['tiles'];
  data: ColonyMapData | null;
  /** The signed-in user's draft colonies to show ("Include my drafts"); empty for none. */
  drafts?: readonly TDraftColony[];
  /** "Hide flagged values" is applied: popups list only the entries it keeps (decision 0013). */
  hideFlagged?: boolean;
  /** Where the overlays are, so fitted bounds stay clear of them. */
  fitPadding: () => FitPadding;
  /**
   * The filter sidebar is open. Opening it closes the popup: on a phone the sidebar covers the
   * map, and an open popup under it would only be in the way when it is folded again.
   */
  sidebarOpen?: boolean;
  /** The markers could not be loaded (server mode), or (null) loaded again. */
  onMarkersError?: (failure: MarkersFailure | null) => void;
  /** The server's data changed under an open popup: the markers were asked for again. */
  onDataChanged?: () => void;
}

/**
 * The Leaflet map. Leaflet owns its DOM (created once, driven by the controller); React renders
 * only the open popup's content, through a portal into Leaflet's popup.
 */
const NO_DRAFTS: readonly TDraftColony[] = [];

export function ColonyMap({
  tiles,
  data,
  drafts = NO_DRAFTS,
  hideFlagged = false,
  fitPadding,
  sidebarOpen = false,
  onMarkersError,
  onDataChanged,
}: ColonyMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const controller = useRef<ColonyMapController | null>(null);
  const padding = useRef(fitPadding);
  const markersError = useRef(onMarkersError);
  const dataChanged = useRef(onDataChanged);
  const [popup, setPopup] = useState<PopupRequest | null>(null);
  const updatePopup = useCallback(() => controller.current?.updatePopup(), []);
  const refresh = useCallback(() => {
    controller.current?.refresh();
    dataChanged.current?.();
  }, []);

  useEffect(() => {
    padding.current = fitPadding;
    markersError.current = onMarkersError;
    dataChanged.current = onDataChanged;
  }, [fitPadding, onMarkersError, onDataChanged]);

  useEffect(() => {
    const map = new ColonyMapController(element.current!, {
      tiles,
      onPopup: setPopup,
      fitPadding: () => padding.current(),
      onMarkersError: (failure) => markersError.current?.(failure),
    });
    controller.current = map;
    return () => {
      controller.current = null;
      map.destroy();
    };
  }, [tiles]);

  useEffect(() => {
    if (sidebarOpen) controller.current?.closePopup();
  }, [sidebarOpen]);

  useEffect(() => {
    if (data) controller.current?.setSelection(data);
  }, [data]);

  useEffect(() => {
    controller.current?.setDrafts(drafts);
  }, [drafts, tiles]);

  return (
    <>
      <div ref={element} className="map-canvas" role="region" aria-label="Colony map" />
      {popup?.drafts &&
        createPortal(
          <DraftColonyPopup key={popup.key} drafts={popup.drafts} onResize={updatePopup} />,
          popup.container,
        )}
      {popup?.members &&
        createPortal(
          <ColonyPopup
            key={popup.key}
            members={popup.members}
            hideFlagged={hideFlagged}
            onResize={updatePopup}
            onStale={refresh}
          />,
          popup.container,
        )}
    </>
  );
}
