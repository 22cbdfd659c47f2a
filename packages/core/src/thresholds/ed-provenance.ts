import type { EdModel } from './ed-models';

/**
 * The platform's ED engine, as provenance names it: the core package's version (bumped with the
 * engine), and the drc release whose numbers it reproduces (decisions 0025, 0027, 0030).
 * Written out rather than imported from package.json: Node and Playwright load core's sources
 * as ES modules, where a JSON import needs an import attribute that esbuild and Vite do not
 * keep. `ed-provenance.test.ts` keeps the two equal.
 */
export const ED_ENGINE_VERSION = '0.1.0';
export const ED_ENGINE_SOFTWARE = `coral-platform ED engine ${ED_ENGINE_VERSION} (drc 3.0-1 compatible)`;

/**
 * How a stored ED value was computed (decision 0032). `refit`: the platform's
 * engine, refitting the upload's own PAM data, gives this value; `submitted`: the value as the
 * submitter gave it, computed elsewhere with an unknown model (or not reproduced by the refit).
 */
export type EdProvenanceMethod = 'refit' | 'submitted';

export interface EdProvenance {
  method: EdProvenanceMethod;
  /** drc's model family; null when unknown (submitted). */
  model: EdModel | null;
  /** One joint fit per group with a curve per colony, or each colony alone; null when unknown. */
  fit: 'joint' | 'per-colony' | null;
  /** Parameter bounds of the fit: the engine has no such option, so always null. */
  bounds: null;
  /** The software and version that computed it; null when unknown. */
  software: string | null;
}

export const SUBMITTED_PROVENANCE: EdProvenance = Object.freeze({
  method: 'submitted',
  model: null,
  fit: null,
  bounds: null,
  software: null,
});

/** The upload's refit: CBASSED50's procedure, one joint LL.3 fit per group (upload/refit.ts). */
export const UPLOAD_REFIT_PROVENANCE: EdProvenance = Object.freeze({
  method: 'refit',
  model: 'LL.3',
  fit: 'joint',
  bounds: null,
  software: ED_ENGINE_SOFTWARE,
});

/**
 * One line for people, shown next to the value and in downloads: "Refit by the platform: LL.3
 * joint fit, coral-platform ED engine 0.1.0 (drc 3.0-1 compatible)" or "As submitted".
 */
export function describeEdProvenance(provenance: EdProvenance): string {
  if (provenance.method === 'submitted') return 'As submitted';
  const fit = provenance.fit === 'per-colony' ? 'fit per colony' : 'joint fit';
  return `Refit by the platform: ${provenance.model ?? 'unknown model'} ${fit}, ${provenance.software ?? 'unknown software'}`;
}
