import type { TDraftColony, TPublicConfig } from '@coral/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  ColonyMapController,
  type ColonyMapData,
  type PopupRequest,
} from '../leaflet/colony-map-controller';
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
  fitPadding: () => { topLeft: [number, number]; bottomRight: [number, number] };
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
}: ColonyMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const controller = useRef<ColonyMapController | null>(null);
  const padding = useRef(fitPadding);
  const [popup, setPopup] = useState<PopupRequest | null>(null);
  const updatePopup = useCallback(() => controller.current?.updatePopup(), []);

  useEffect(() => {
    padding.current = fitPadding;
  }, [fitPadding]);

  useEffect(() => {
    const map = new ColonyMapController(element.current!, {
      tiles,
      onPopup: setPopup,
      fitPadding: () => padding.current(),
    });
    controller.current = map;
    return () => {
      controller.current = null;
      map.destroy();
    };
  }, [tiles]);

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
      {popup &&
        !popup.drafts &&
        data &&
        createPortal(
          <ColonyPopup
            key={popup.key}
            colonies={data.model.colonies}
            hideFlagged={hideFlagged}
            colonyIndices={popup.colonyIndices}
            onResize={updatePopup}
          />,
          popup.container,
        )}
    </>
  );
}
