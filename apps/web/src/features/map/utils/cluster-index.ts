/** The clustering is core's, shared with the server's clusters endpoint (decision 0039). */
export {
  buildClusterIndex,
  frameBox,
  MAX_MAP_ZOOM,
  type ClusterIndex,
  type FrameBox,
  type MapMarker,
  type MarkerTotals,
} from '@coral/core/map-clusters';
