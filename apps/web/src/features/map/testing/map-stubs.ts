import { buildChoices, buildColonies, seedMaxMin } from './colonies';

/**
 * What the map page's component tests share: Leaflet needs a laid-out page, so the map itself is
 * a stub (its drawing is covered by the browser journeys), and the API answers the three test
 * colonies. A test file mocks the controller with
 * `vi.mock('../leaflet/colony-map-controller', () => import('../testing/map-stubs'))`.
 */
export class ColonyMapController {
  setSelection() {}
  setDrafts() {}
  setColors() {}
  updatePopup() {}
  closePopup() {}
  destroy() {}
}

export const MAP_API = {
  'GET /api/public/colonies/': () => buildColonies(),
  'GET /api/public/colonies/choices/': buildChoices(),
  'GET /api/public/thermal-tolerances/max-min/': seedMaxMin.ed50,
  'GET /api/public/breakpoint-temperatures/max-min/': seedMaxMin.ed5,
  'GET /api/public/thermal-limits/max-min/': seedMaxMin.ed95,
};
