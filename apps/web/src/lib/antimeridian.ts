/** The antimeridian frame lives in core with the clustering it serves (decision 0039). */
export { longitudeOffset, toFrame, toMap, wrapLongitude } from '@coral/core/map-clusters';
