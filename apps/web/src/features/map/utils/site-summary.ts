/**
 * The popups' site summaries are core's (decision 0018), shared with
 * GET /api/public/colonies/clusters/members/, which gives them in the server mode.
 */
export { siteKey, summarizeSites, type SiteSummary } from '@coral/core/map-clusters';
