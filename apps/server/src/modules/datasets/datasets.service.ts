import { createDatasetReader, parseId, type Loaded } from './dataset-reader';
import {
  allowsTransition,
  approvalNoteProblem,
  approvedState,
  canSeeVersion,
  DESCRIPTIVE_FIELDS,
  editableFields,
  judge,
  reviseMetadata,
  statesAllowing,
  transitionTarget,
  ZDatasetMetadata,
  type DatasetAction,
  type TDatasetActionResult,
  type TDatasetMetadata,
  type TDatasetMetadataUpdate,
  type TMetadataRevisionRequest,
  type Viewer,
} from '@coral/core';
import type { AppDb } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { datasetsRepository as repo, type VersionRow } from './datasets.repository';
import { factsOf, parseMetadata, refreshPublicVersion } from './dataset-versions.service';
import { bumpMetadataStamp } from '../read-models/read-models.service';
import { metadataRevisionsRepository as revisions } from './metadata-revisions.repository';
import { versionFlagCount } from './review-evidence.service';

/**
 * The changes of state of datasets (docs/decisions/0012-datasets.md): metadata edits, submission,
 * review, discarding, withdrawal and the release of embargoes. The rules are core's
 * (datasets/lifecycle.ts); this service loads the facts, asks the rules, makes the change under
 * the dataset's row lock and records it as an event.
 */

/** Scheduling the work a state change starts (embargo release, DOI registration). */
export interface DatasetJobs {
  /** Readies the queue (before a transaction: the embedded database has one connection). */
  start(): Promise<void>;
  scheduleEmbargoRelease(trx: AppDb, datasetId: number, embargoUntil: string): Promise<void>;
  /** Registers a published version's DOI; absent when no DataCite settings are given. */
  registerDoi?(trx: AppDb, datasetId: number, version: number): Promise<void>;
}

export interface DatasetsServiceOptions {
  /** Where the platform's pages are (citations, landing pages). */
  publicUrl: string;
  jobs?: DatasetJobs;
  /** Today as an ISO date (tests move it). */
  today?: () => string;
}

export function createDatasetsService(db: AppDb, options: DatasetsServiceOptions) {
  const today = options.today ?? (() => new Date().toISOString().slice(0, 10));
  const reader = createDatasetReader(db, options);
  const { load, lockedLoad, detailOf, shownVersion } = reader;

  /**
   * Runs a change of state under the dataset's row lock: loads the facts, asks the lifecycle rules
   * (refused: 409 with the rule's reason), does the change, and answers the dataset as its owner
   * or curator now sees it.
   */
  async function act(
    viewer: Viewer,
    datasetId: string,
    versionNumber: string | null,
    action: DatasetAction,
    change: (trx: AppDb, loaded: Loaded, version: VersionRow) => Promise<string>,
  ): Promise<TDatasetActionResult> {
    if (action === 'approve') await options.jobs?.start();
    const message = await db.transaction().execute(async (trx) => {
      const loaded = await lockedLoad(trx, datasetId);
      const visible = (loaded?.versions ?? []).filter((v) =>
        canSeeVersion(viewer, factsOf(loaded!.dataset, v, loaded!.versions)),
      );
      // Someone who may see no version of it learns nothing, not even that it exists.
      if (!loaded || visible.length === 0) throw notFound(`Dataset ${datasetId} not found.`);
      // A whole-dataset action (withdraw) concerns the latest version the viewer sees.
      const version =
        versionNumber === null
          ? visible.at(-1)
          : visible.find((v) => v.number === parseId(versionNumber));
      if (!version) throw notFound(`Dataset ${datasetId} has no version ${versionNumber}.`);
      const why = judge(viewer, action, factsOf(loaded.dataset, version, loaded.versions));
      if (why) throw why.kind === 'forbidden' ? forbidden(why.reason) : conflict(why.reason);
      return change(trx, loaded, version);
    });
    const after = await load(db, datasetId);
    // A discarded only version takes its dataset with it.
    if (!after) return { message, dataset: null as never };
    const shown = shownVersion(after, undefined, true)!;
    return { message, dataset: await detailOf(viewer, after, shown, true) };
  }

  return {
    listPublic: reader.listPublic,
    listMine: reader.listMine,
    publicDetail: reader.publicDetail,
    privateDetail: reader.privateDetail,
    reviewQueue: reader.reviewQueue,
    projectDatasets: reader.projectDatasets,
    draftColonies: reader.draftColonies,

    editMetadata(viewer: Viewer, id: string, number: string, update: TDatasetMetadataUpdate) {
      return act(viewer, id, number, 'edit_descriptive', async (trx, loaded, version) => {
        const current = parseMetadata(version.metadata);
        const editable = editableFields(version.state, loaded.dataset.withdrawn_at !== null);
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        const next: Record<string, unknown> = { ...current };
        for (const [field, value] of Object.entries(update) as [
          keyof TDatasetMetadata,
          unknown,
        ][]) {
          if (value === undefined) continue;
          if (JSON.stringify(value) === JSON.stringify(current[field])) continue;
          if (editable !== 'all' && !editable.includes(field)) {
            throw conflict(
              `“${field}” cannot change in a ${version.state} version: only ${DESCRIPTIVE_FIELDS.join(', ')} can. Upload a new version to change the rest.`,
            );
          }
          changes[field] = { from: current[field], to: value };
          next[field] = value;
        }
        if (Object.keys(changes).length === 0) return 'Nothing changed.';
        // The record's metadata changed: its OAI-PMH datestamp moves (decision 0070).
        await repo.updateVersion(trx, version.id, {
          metadata: ZDatasetMetadata.parse(next),
          metadata_edited_at: 'now',
        });
        await repo.insertEvent(trx, {
          datasetId: loaded.dataset.id,
          versionNumber: version.number,
          actorId: viewer.userId,
          action: 'metadata_edited',
          changes,
        });
        return `Saved: ${Object.keys(changes).join(', ')}.`;
      });
    },

    /**
     * A curator's revision of a published version's description
     * (docs/decisions/0064-metadata-revisions.md): recorded with its note, numbered, the data
     * untouched. Refused with each field's problem (400) when the rule refuses it.
     */
    reviseMetadata(viewer: Viewer, id: string, number: string, request: TMetadataRevisionRequest) {
      return act(viewer, id, number, 'revise_metadata', async (trx, loaded, version) => {
        const current = parseMetadata(version.metadata);
        const outcome = reviseMetadata(current, request);
        if (!outcome.ok) {
          throw badRequest(
            outcome.problems.map((problem) => problem.message).join(' '),
            outcome.problems
              .filter((problem) => problem.field !== null)
              .map(({ field, message }) => ({ field, message })),
          );
        }
        const revision = version.metadata_revision + 1;
        await revisions.insertRevision(trx, {
          versionId: version.id,
          number: revision,
          previousMetadata: current,
          metadata: ZDatasetMetadata.parse(outcome.metadata),
          changes: outcome.changes,
          note: request.note,
          licenceSource: outcome.changes.licence ? request.licence_source : null,
          actorId: viewer.userId,
        });
        // The data do not change, so the data version stays; the footer's licences may
        // (docs/decisions/0070-metadata-stamp-and-owner-edit-datestamp.md).
        await bumpMetadataStamp(trx);
        await repo.insertEvent(trx, {
          datasetId: loaded.dataset.id,
          versionNumber: version.number,
          actorId: viewer.userId,
          action: 'metadata_revised',
          message: request.note,
          changes: outcome.changes,
          revision,
        });
        return `Revision ${revision} of version ${version.number}'s description was recorded (${Object.keys(outcome.changes).join(', ')}). Its data are unchanged; the citation of each earlier revision stays valid.`;
      });
    },

    submit(viewer: Viewer, id: string, number: string) {
      return act(viewer, id, number, 'submit', async (trx, loaded, version) => {
        await repo.updateVersion(trx, version.id, {
          state: transitionTarget(version.state, 'submit'),
          submitted_at: 'now',
          review_message: null,
        });
        await repo.insertEvent(trx, {
          datasetId: loaded.dataset.id,
          versionNumber: version.number,
          actorId: viewer.userId,
          action: 'submitted',
        });
        return `Version ${version.number} was submitted for review. A curator will look at it; you will see the decision here.`;
      });
    },

    approve(viewer: Viewer, id: string, number: string, note: string) {
      return act(viewer, id, number, 'approve', async (trx, loaded, version) => {
        // Flags are approved knowingly: the note that acknowledges them goes into the history
        // (docs/decisions/0055-review-with-evidence.md). Refused before anything changes.
        const problem = approvalNoteProblem(await versionFlagCount(trx, version.id), note);
        if (problem) throw badRequest(problem);
        const metadata = parseMetadata(version.metadata);
        const state = approvedState(version.state, metadata, today());
        await repo.updateVersion(trx, version.id, {
          state,
          review_message: note || null,
          ...(state === 'published' ? { published_at: 'now' as const } : {}),
        });
        const event = { datasetId: loaded.dataset.id, versionNumber: version.number };
        await repo.insertEvent(trx, {
          ...event,
          actorId: viewer.userId,
          action: 'approved',
          message: note || null,
        });
        await repo.insertEvent(trx, {
          ...event,
          actorId: viewer.userId,
          action: state === 'embargoed' ? 'embargoed' : 'published',
          message: state === 'embargoed' ? `Data embargoed until ${metadata.embargo_until}.` : null,
        });
        if (state === 'embargoed') {
          await options.jobs?.scheduleEmbargoRelease(
            trx,
            loaded.dataset.id,
            metadata.embargo_until!,
          );
          return `Version ${version.number} was approved; its data stay embargoed until ${metadata.embargo_until}.`;
        }
        await refreshPublicVersion(trx, loaded.dataset.id);
        await options.jobs?.registerDoi?.(trx, loaded.dataset.id, version.number);
        return `Version ${version.number} was approved and published.`;
      });
    },

    reject(viewer: Viewer, id: string, number: string, message: string) {
      return act(viewer, id, number, 'reject', async (trx, loaded, version) => {
        await repo.updateVersion(trx, version.id, {
          state: transitionTarget(version.state, 'reject'),
          review_message: message,
        });
        await repo.insertEvent(trx, {
          datasetId: loaded.dataset.id,
          versionNumber: version.number,
          actorId: viewer.userId,
          action: 'rejected',
          message,
        });
        return `Version ${version.number} was sent back to its owner with your message.`;
      });
    },

    discard(viewer: Viewer, id: string, number: string) {
      return act(viewer, id, number, 'discard', async (trx, loaded, version) => {
        await repo.deleteVersion(trx, version.id);
        if (version.upload_id !== null) await repo.markUploadDiscarded(trx, version.upload_id);
        if (loaded.versions.length === 1) {
          await repo.deleteDataset(trx, loaded.dataset.id);
          return `The draft and its dataset were discarded; nothing of it remains.`;
        }
        return `Version ${version.number} was discarded.`;
      });
    },

    withdraw(viewer: Viewer, id: string, reason: string) {
      return act(viewer, id, null, 'withdraw', async (trx, loaded) => {
        await repo.withdraw(trx, loaded.dataset.id, viewer.userId!, reason);
        await repo.insertEvent(trx, {
          datasetId: loaded.dataset.id,
          versionNumber: null,
          actorId: viewer.userId,
          action: 'withdrawn',
          message: reason,
        });
        await refreshPublicVersion(trx, loaded.dataset.id);
        return 'The dataset was withdrawn: its data left the map, the API, the statistics and every download. Its page still resolves and cites it.';
      });
    },

    /** Publishes every embargoed version whose date has come; returns how many. */
    async releaseDueEmbargoes(): Promise<number> {
      const due = await repo.embargoesDue(db, statesAllowing('release'));
      if (due.length > 0) await options.jobs?.start();
      // Counts only the versions this call published: another process's sweep, or a withdrawal
      // between the query and the lock, may have changed a due version meanwhile.
      let released = 0;
      for (const { dataset_id: datasetId, version_id: versionId } of due) {
        await db.transaction().execute(async (trx) => {
          await repo.lockDataset(trx, datasetId);
          const version = await repo.versionById(trx, versionId);
          if (!version || !allowsTransition(version.state, 'release')) return;
          released += 1;
          await repo.updateVersion(trx, versionId, {
            state: transitionTarget(version.state, 'release'),
            published_at: 'now',
          });
          await repo.insertEvent(trx, {
            datasetId,
            versionNumber: version.number,
            actorId: null,
            action: 'embargo_released',
            message: 'The embargo ended; the data are public.',
          });
          await refreshPublicVersion(trx, datasetId);
          await options.jobs?.registerDoi?.(trx, datasetId, version.number);
        });
      }
      return released;
    },
  };
}
export type DatasetsService = ReturnType<typeof createDatasetsService>;
