/** Sites and selections are core's, shared with the server's clusters endpoint (decision 0039). */
export {
  buildMapModel,
  selectColonies,
  type MapModel,
  type MapSelection,
  type SelectedSite,
} from '@coral/core/map-clusters';
