import {
  allowsTransition,
  isCurator,
  missingForSubmission,
  PUBLIC_STATES,
  refusal,
  statesAllowing,
  statesWhere,
  type DatasetAction,
  type TDatasetDetail,
  type TDatasetEvent,
  type TDatasetSummary,
  type TDatasetVersion,
  type TDraftColony,
  type TReviewItem,
  type Viewer,
} from '@coral/core';
import type { AppDb } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import {
  datasetsRepository as repo,
  type DatasetRow,
  type EventRow,
  type VersionCountsRow,
  type VersionRow,
} from './datasets.repository';
import { coloniesOfVersions } from '../colonies/colonies.service';
import { versionTaxa } from '../taxa/taxa.service';
import { versionCitation } from './dataset-citation';
import { factsOf, parseMetadata } from './dataset-versions.service';
import { reviewEvidence } from './review-evidence.service';

/**
 * Datasets as readers, owners and curators see them (docs/decisions/0012-datasets.md): lists,
 * a dataset's page with its versions, history, citation and what the viewer may do, the review
 * queue, and a user's drafts on the map.
 */

export interface Loaded {
  dataset: DatasetRow;
  versions: VersionRow[];
}

/** Events the public sees: what happened to public versions, not the review behind them. */
const PUBLIC_EVENTS: ReadonlySet<string> = new Set([
  'published',
  'embargoed',
  'embargo_released',
  'withdrawn',
  'doi_registered',
  'metadata_edited',
  'metadata_revised',
]);

export const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();
export const parseId = (value: string | number): number | null => {
  const text = String(value);
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
};

export function createDatasetReader(db: AppDb, options: { publicUrl: string }) {
  /** A dataset and its versions, the dataset row read by `find` (plainly, or locked). */
  async function loadWith(
    find: (database: AppDb, id: number) => Promise<DatasetRow | undefined>,
    database: AppDb,
    id: string | number,
  ): Promise<Loaded | null> {
    const datasetId = parseId(id);
    if (datasetId === null) return null;
    const dataset = await find(database, datasetId);
    if (!dataset) return null;
    return { dataset, versions: await repo.versions(database, datasetId) };
  }
  const load = (database: AppDb, id: string | number) =>
    loadWith((d, datasetId) => repo.findDataset(d, datasetId), database, id);
  const lockedLoad = (trx: AppDb, id: string | number) =>
    loadWith((d, datasetId) => repo.lockDataset(d, datasetId), trx, id);

  const countsOf = (row: VersionCountsRow | undefined) => ({
    colonies: row?.colonies ?? 0,
    observations: row?.observations ?? 0,
    thresholds: row?.thresholds ?? 0,
    species: row?.species ?? [],
    countries: row?.countries ?? [],
  });

  function versionView(
    loaded: Loaded,
    version: VersionRow,
    counts: VersionCountsRow | undefined,
    full: boolean,
  ): TDatasetVersion {
    const metadata = parseMetadata(version.metadata);
    return {
      number: version.number,
      state: version.state,
      metadata,
      doi: version.doi,
      created_at: iso(version.created_at)!,
      submitted_at: iso(version.submitted_at),
      published_at: iso(version.published_at),
      review_message: full ? version.review_message : null,
      upload_id: full ? version.upload_id : null,
      change_summary: (version.change_summary as TDatasetVersion['change_summary']) ?? null,
      counts: countsOf(counts),
      citation: versionCitation({
        dataset: loaded.dataset,
        version,
        metadata,
        publicUrl: options.publicUrl,
      }),
      metadata_revision: version.metadata_revision,
    };
  }

  function eventView(event: EventRow): TDatasetEvent {
    return {
      at: iso(event.created_at)!,
      actor: event.actor_username,
      action: event.action,
      version: event.version_number,
      message: event.message,
      changes: (event.changes as TDatasetEvent['changes']) ?? null,
      revision: event.revision,
    };
  }

  /** The actions the viewer may take on the shown version (the page's buttons). */
  function abilities(viewer: Viewer, loaded: Loaded, version: VersionRow) {
    const facts = factsOf(loaded.dataset, version, loaded.versions);
    const may = (action: DatasetAction) => refusal(viewer, action, facts) === null;
    return {
      edit: may('edit'),
      edit_descriptive: may('edit_descriptive'),
      submit: may('submit'),
      review: may('approve') || may('reject'),
      withdraw: may('withdraw'),
      new_version: may('new_version'),
      revise_metadata: may('revise_metadata'),
    };
  }

  async function detailOf(
    viewer: Viewer,
    loaded: Loaded,
    shown: VersionRow,
    full: boolean,
  ): Promise<TDatasetDetail> {
    const listed = full
      ? loaded.versions
      : loaded.versions.filter((v) => PUBLIC_STATES.includes(v.state));
    const counts = await repo.versionCounts(
      db,
      listed.map((v) => v.id),
    );
    const countsById = new Map(counts.map((row) => [row.version_id, row]));
    const publicNumbers = new Set(listed.map((v) => v.number));
    const events = (await repo.events(db, loaded.dataset.id)).filter(
      (event) =>
        full ||
        (PUBLIC_EVENTS.has(event.action) &&
          (event.version_number === null || publicNumbers.has(event.version_number))),
    );
    const { dataset } = loaded;
    const metadata = parseMetadata(shown.metadata);
    return {
      id: dataset.id,
      project: { id: dataset.project_id, name: dataset.project_name },
      owner: dataset.owner_username
        ? { username: dataset.owner_username, orcid: dataset.owner_orcid }
        : null,
      doi: dataset.doi,
      withdrawal:
        dataset.withdrawn_at === null
          ? null
          : {
              at: iso(dataset.withdrawn_at)!,
              by: dataset.withdrawn_by_username,
              reason: dataset.withdrawal_reason ?? '',
            },
      version: versionView(loaded, shown, countsById.get(shown.id), full),
      versions: listed.map((v) => {
        const view = versionView(loaded, v, countsById.get(v.id), full);
        return {
          number: view.number,
          state: view.state,
          doi: view.doi,
          created_at: view.created_at,
          published_at: view.published_at,
          change_summary: view.change_summary,
          counts: view.counts,
        };
      }),
      history: events.map(eventView),
      can: abilities(viewer, loaded, shown),
      missing_for_submission: allowsTransition(shown.state, 'submit')
        ? missingForSubmission(metadata)
        : [],
      taxa: await versionTaxa(db, shown.id),
    };
  }

  /** The version a reader sees: the one asked for (if public), else the newest public one. */
  function shownVersion(loaded: Loaded, number: string | number | undefined, full: boolean) {
    const visible = full
      ? loaded.versions
      : loaded.versions.filter((v) => PUBLIC_STATES.includes(v.state));
    if (number === undefined) return visible.at(-1);
    const wanted = parseId(number);
    return visible.find((v) => v.number === wanted);
  }

  /** The datasets, versions and counts of listed rows, each kind in one query. */
  async function listedRows(rows: readonly { dataset_id: number; version_id: number }[]) {
    const versionIds = rows.map((r) => r.version_id);
    const [counts, datasets, versions] = await Promise.all([
      repo.versionCounts(db, versionIds),
      repo.findDatasets(
        db,
        rows.map((r) => r.dataset_id),
      ),
      repo.versionsByIds(db, versionIds),
    ]);
    return { counts: new Map(counts.map((row) => [row.version_id, row])), datasets, versions };
  }

  async function summaries(
    rows: readonly { dataset_id: number; version_id: number }[],
  ): Promise<TDatasetSummary[]> {
    const { counts, datasets, versions } = await listedRows(rows);
    return rows.map((row) => {
      const dataset = datasets.get(row.dataset_id)!;
      const version = versions.get(row.version_id)!;
      const metadata = parseMetadata(version.metadata);
      return {
        id: dataset.id,
        project: { id: dataset.project_id, name: dataset.project_name },
        owner: dataset.owner_username
          ? { username: dataset.owner_username, orcid: dataset.owner_orcid }
          : null,
        title: metadata.title,
        creators: metadata.creators,
        licence: metadata.licence,
        version: version.number,
        state: version.state,
        withdrawn: dataset.withdrawn_at !== null,
        published_at: iso(version.published_at),
        embargo_until: metadata.embargo_until,
        counts: countsOf(counts.get(version.id)),
      };
    });
  }

  /** A dataset as the public sees it: a published or embargoed version, or a tombstone. */
  async function publicDetail(id: string, number?: string): Promise<TDatasetDetail> {
    const loaded = await load(db, id);
    // A dataset with no public version is not found, worded as one that does not exist.
    if (!loaded || !shownVersion(loaded, undefined, false)) {
      throw notFound(`Dataset ${id} not found.`);
    }
    const shown = shownVersion(loaded, number, false);
    if (!shown) throw notFound(`Dataset ${id} has no version ${number}.`);
    return detailOf({ userId: null, role: 'contributor' }, loaded, shown, false);
  }

  return {
    load,
    lockedLoad,
    detailOf,
    shownVersion,
    /** Datasets with a public version, and the tombstones of withdrawn ones. */
    listPublic: async (filter: { q?: string; project?: string }): Promise<TDatasetSummary[]> => {
      const projectId = filter.project === undefined ? undefined : parseId(filter.project);
      if (projectId === null) return [];
      const rows = await repo.listPublic(
        db,
        { projectId, query: filter.q?.trim() || undefined },
        PUBLIC_STATES,
      );
      return summaries(rows);
    },

    listMine: async (viewer: Viewer): Promise<TDatasetSummary[]> => {
      if (viewer.userId === null) throw forbidden('Log in first.');
      return summaries(await repo.listOwned(db, viewer.userId));
    },

    publicDetail,

    /** The whole dataset (drafts, review, history) for its owner and curators; 404 for others. */
    privateDetail: async (viewer: Viewer, id: string, number?: string): Promise<TDatasetDetail> => {
      const loaded = await load(db, id);
      const full =
        loaded !== null &&
        (isCurator(viewer) ||
          (viewer.userId !== null && viewer.userId === loaded.dataset.owner_id));
      if (!loaded || !full) {
        // Others see what the public sees (404 when that is nothing).
        return publicDetail(id, number);
      }
      const shown = shownVersion(loaded, number, true);
      if (!shown) throw notFound(`Dataset ${id} has no version ${number}.`);
      return detailOf(viewer, loaded, shown, true);
    },

    reviewQueue: async (viewer: Viewer): Promise<TReviewItem[]> => {
      if (!isCurator(viewer)) throw forbidden('Only curators see the review queue.');
      const rows = await repo.versionsIn(db, statesAllowing('approve'));
      const { counts, datasets, versions } = await listedRows(rows);
      const items: TReviewItem[] = [];
      // One version after the other: the embedded database has one connection.
      for (const row of rows) {
        const dataset = datasets.get(row.dataset_id)!;
        const version = versions.get(row.version_id)!;
        const metadata = parseMetadata(version.metadata);
        items.push({
          dataset_id: dataset.id,
          version: version.number,
          title: metadata.title,
          owner: dataset.owner_username
            ? { username: dataset.owner_username, orcid: dataset.owner_orcid }
            : null,
          submitted_at: iso(version.submitted_at ?? version.created_at)!,
          counts: countsOf(counts.get(version.id)),
          own: dataset.owner_id === viewer.userId,
          licence: metadata.licence,
          creators: metadata.creators,
          protocol: metadata.protocol,
          change_summary: (version.change_summary as TReviewItem['change_summary']) ?? null,
          ...(await reviewEvidence(db, version.id)),
        });
      }
      return items;
    },

    /** The public datasets of a project (its page lists them). */
    projectDatasets: async (projectId: number) => {
      const rows = await repo.datasetsOfProject(db, projectId);
      const versions = await repo.versionsByIds(
        db,
        rows.map((r) => r.version_id),
      );
      return rows.map((row) => {
        const version = versions.get(row.version_id)!;
        const metadata = parseMetadata(version.metadata);
        return {
          id: row.dataset_id,
          title: metadata.title,
          version: version.number,
          licence: metadata.licence,
        };
      });
    },

    /**
     * The colonies of the user's versions whose data are not (yet) public: drafts, in review,
     * rejected and embargoed ("include my drafts" on the map), each with the version it belongs to.
     */
    draftColonies: async (viewer: Viewer): Promise<TDraftColony[]> => {
      if (viewer.userId === null) return [];
      const versions = await repo.ownVersionsIn(
        db,
        viewer.userId,
        statesWhere((state) => !state.publicData),
      );
      const byId = new Map(versions.map((v) => [v.id, v]));
      const colonies = await coloniesOfVersions(
        db,
        versions.map((v) => v.id),
      );
      const versionOf = await repo.versionOfColonies(
        db,
        colonies.map((c) => c.id),
      );
      return colonies.map((colony) => {
        const version = byId.get(versionOf.get(colony.id)!)!;
        return {
          ...colony,
          dataset: {
            id: version.dataset_id,
            version: version.number,
            state: version.state,
            title: parseMetadata(version.metadata).title,
          },
        };
      });
    },
  };
}
export type DatasetReader = ReturnType<typeof createDatasetReader>;
