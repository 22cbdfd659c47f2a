/**
 * drc's dose-response model families an ED value can be computed with, by their drc names: what
 * an ED's provenance (ed-provenance.ts) and the API name. The calculator fits them
 * (ed50/model-families.ts holds their curves, labels and the default).
 */
export const ED_MODELS = ['LL.3', 'LL.2', 'LL.4', 'LL.5', 'W1.3', 'W2.3'] as const;
export type EdModel = (typeof ED_MODELS)[number];
