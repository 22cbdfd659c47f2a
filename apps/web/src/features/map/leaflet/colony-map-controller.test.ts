import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildDraftColony } from '@/testing/datasets';
import { ColonyMapController, type PopupRequest } from './colony-map-controller';

/** jsdom lays nothing out: give the map a size so Leaflet has a view to draw in. */
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

function openMap() {
  const container = document.createElement('div');
  document.body.append(container);
  const popups: (PopupRequest | null)[] = [];
  const map = new ColonyMapController(container, {
    tiles: { street: 'https://tiles.example.org/{z}/{x}/{y}.png', satellite: 'x' },
    onPopup: (request) => popups.push(request),
  });
  map.map.setView([-18, 178], 5, { animate: false });
  return { map, container, popups };
}

describe('draft markers', () => {
  it('draws one dashed marker per place and opens a draft popup on click', () => {
    const { map, container, popups } = openMap();
    map.setDrafts([
      buildDraftColony(),
      buildDraftColony({ id: 9002, name: 'Draft_Porites_2' }),
      buildDraftColony({ id: 9003, name: 'Elsewhere', latitude: -17.5, longitude: 177.9 }),
    ]);
    const markers = [...container.querySelectorAll('.colony-marker--draft')];
    expect(markers.map((marker) => marker.getAttribute('aria-label')).sort()).toEqual(
      ['2 draft colonies at -18.1000, 178.4000', 'Draft colony Elsewhere'].sort(),
    );
    (
      markers.find((m) => m.getAttribute('aria-label') === 'Draft colony Elsewhere') as HTMLElement
    ).click();
    expect(popups.at(-1)?.drafts?.map((draft) => draft.name)).toEqual(['Elsewhere']);
    expect(popups.at(-1)?.members).toBeUndefined();

    map.setDrafts([]);
    expect(container.querySelectorAll('.colony-marker--draft')).toHaveLength(0);
    map.destroy();
  });
});

describe('bundled land', () => {
  it('draws the land under the tiles, without the network', async () => {
    const { map, container } = openMap();
    await map.landDrawn;
    const pane = container.querySelector<HTMLElement>('.leaflet-land-pane')!;
    expect(Number(pane.style.zIndex)).toBeLessThan(200); // Leaflet's tile pane
    expect(pane.querySelectorAll('path').length).toBeGreaterThanOrEqual(3); // three world copies
    map.destroy();
  });
});
