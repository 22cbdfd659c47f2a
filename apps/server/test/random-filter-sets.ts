/** The seeded random filter sets of the agreement tests live with core's test helpers. */
export { randomFilterSet, seededRandom } from '@coral/core/testing';
