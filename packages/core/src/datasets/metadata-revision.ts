import { z } from 'zod';
import {
  DATASET_LIMITS,
  ZCreator,
  ZRelatedPublication,
  type TDatasetMetadata,
} from './dataset-metadata';
import { LICENCE_IDS, LICENCES, type LicenceId } from './licences';
import { noNul, text } from './text-fields';

/*
 * A curator's metadata revision of a published dataset version
 * (docs/decisions/0064-metadata-revisions.md): the description of a legacy dataset completed —
 * its creators with their ORCID iDs, related publications, the licence its rights holder
 * stated — without touching its data. Each revision is numbered per version and kept; the
 * version's description is its latest revision, and a citation of an earlier one stays valid.
 */

/** Limits of what a curator types besides the metadata's own fields. */
export const REVISION_LIMITS = { note: 2_000, licenceSource: 1_000 } as const;

/** The fields a metadata revision may change; everything else (and the data) stays. */
export const REVISABLE_FIELDS = ['creators', 'related_publications', 'licence'] as const;
export type RevisableField = (typeof REVISABLE_FIELDS)[number];

export const ZMetadataRevisionRequest = z
  .object({
    creators: z
      .array(ZCreator)
      .min(1, 'Name at least one creator (a revision does not remove every creator)')
      .max(DATASET_LIMITS.creators)
      .optional()
      .meta({ description: 'The creators, in citation order; omitted: unchanged' }),
    related_publications: z
      .array(ZRelatedPublication)
      .max(DATASET_LIMITS.publications)
      .optional()
      .meta({ description: 'Related publications (DOIs stored bare); omitted: unchanged' }),
    licence: z
      .enum(LICENCE_IDS, {
        error: `Choose one of the licences ${LICENCE_IDS.join(', ')}`,
      })
      .optional()
      .meta({ description: 'SPDX id, only where none was stated; omitted: unchanged' }),
    licence_source: noNul(text(REVISION_LIMITS.licenceSource)).nullable().default(null).meta({
      description:
        'Where the rights holder stated the licence (required with a licence): "e-mail of 2026-11-20 from …"',
    }),
    note: noNul(
      text(REVISION_LIMITS.note).min(
        1,
        'Say why the description changes (e.g. "creators as named in the publication")',
      ),
    ).meta({ description: 'Why the description changes: recorded in the history' }),
  })
  .meta({ id: 'MetadataRevisionRequest' });
export type TMetadataRevisionRequest = z.output<typeof ZMetadataRevisionRequest>;
export type TMetadataRevisionRequestInput = z.input<typeof ZMetadataRevisionRequest>;

/** A problem of a revision request, on one of its fields (null: the request as a whole). */
export interface RevisionProblem {
  field: 'creators' | 'related_publications' | 'licence' | 'licence_source' | 'note' | null;
  message: string;
}

export type RevisionChanges = Partial<Record<RevisableField, { from: unknown; to: unknown }>>;

export type RevisionOutcome =
  | { ok: true; metadata: TDatasetMetadata; changes: RevisionChanges }
  | { ok: false; problems: RevisionProblem[] };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The description after a revision and what it changed, or why it is refused: a licence is set
 * only where none was stated (a licence granted on published data is not taken back or
 * narrowed) and only with the rights holder's statement as its source; a source without a new
 * licence is not recorded; a revision that changes nothing is not one.
 */
export function reviseMetadata(
  current: TDatasetMetadata,
  request: TMetadataRevisionRequest,
): RevisionOutcome {
  const problems: RevisionProblem[] = [];
  const changes: RevisionChanges = {};
  const next: TDatasetMetadata = { ...current };
  if (request.creators !== undefined && !same(request.creators, current.creators)) {
    changes.creators = { from: current.creators, to: request.creators };
    next.creators = request.creators;
  }
  if (
    request.related_publications !== undefined &&
    !same(request.related_publications, current.related_publications)
  ) {
    changes.related_publications = {
      from: current.related_publications,
      to: request.related_publications,
    };
    next.related_publications = request.related_publications;
  }
  const newLicence = request.licence !== undefined && request.licence !== current.licence;
  const source = request.licence_source?.trim() ?? '';
  if (newLicence) {
    const licence = request.licence as LicenceId;
    if (current.licence !== null) {
      problems.push({
        field: 'licence',
        message: `The licence was already stated (${LICENCES[current.licence].shortName}): a licence granted on published data does not change. Upload a new version under another licence if its rights holder wishes.`,
      });
    } else if (source === '') {
      problems.push({
        field: 'licence_source',
        message: `Say where the rights holder stated the ${LICENCES[licence].shortName} licence (e.g. "e-mail of 2026-11-20 from the first author"): a licence is never assumed.`,
      });
    } else {
      changes.licence = { from: current.licence, to: licence };
      next.licence = licence;
    }
  } else if (source !== '') {
    problems.push({
      field: 'licence_source',
      message:
        'A licence source goes with the licence it states: choose the licence, or leave the source empty.',
    });
  }
  if (problems.length > 0) return { ok: false, problems };
  if (Object.keys(changes).length === 0) {
    return {
      ok: false,
      problems: [
        {
          field: null,
          message:
            'Nothing changed: the creators, publications and licence given are those the description already has.',
        },
      ],
    };
  }
  return { ok: true, metadata: next, changes };
}

/** A revision as the API lists it (newest last). */
export const ZMetadataRevision = z
  .object({
    number: z.number().int().positive(),
    at: z.string(),
    curator: z.string().nullable().meta({ description: 'Username; null once the account is gone' }),
    note: z.string(),
    licence_source: z.string().nullable(),
    changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  })
  .meta({ id: 'MetadataRevision' });
export type TMetadataRevision = z.infer<typeof ZMetadataRevision>;
