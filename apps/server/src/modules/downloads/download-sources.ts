import {
  isEmptyFilterSet,
  normalizeFilterSet,
  parseFilterQuery,
  type DownloadQuery,
  type FilterSet,
} from '@coral/core';
import type { AppDb } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/authentication';
import type { CartService } from '../cart/cart.service';
import type { ColoniesService, MatchingIds } from '../colonies/colonies.service';
import {
  downloadDatasetVersions,
  type DownloadDatasetVersion,
} from '../datasets/dataset-download-facts.service';
import { currentDataVersion } from '../read-models/read-models.service';
import { downloadsRepository as repo } from './downloads.repository';

/**
 * Which colonies a download holds and what it says about them (docs/downloads.md): one plan per
 * source, the same for every format, so a map view's CSV, GeoJSON and archive agree row for row
 * with the map's "N of M colonies".
 */
export interface DownloadPlan {
  query: DownloadQuery;
  /** The colonies to write, in id order. */
  colonyIds: readonly number[];
  /** The dataset versions of those colonies, in the order their first colony appears. */
  versions: readonly DownloadDatasetVersion[];
  dataVersion: number;
  createdAt: string;
  /** Set when the plan is a frozen snapshot's. */
  snapshot: { id: string; contentHash: string; citation: string } | null;
  /** Only the requesting user may see it (a cart group): no shared cache may keep it. */
  private: boolean;
  /** The release whose writers a snapshot's files were first written by (frozen with it). */
  softwareVersion?: string;
}

export interface DownloadSourcesOptions {
  publicUrl: string;
  colonies: ColoniesService;
  /** The colonies the map shows for a filter set, from the map's model (decision 0041). */
  matchingIds: MatchingIds;
  cart: CartService;
}

/** `hideFlagged` outside the map's filter (projects, datasets, cart groups): true or false. */
export function parseHideFlagged(value: unknown): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw badRequest('Invalid hideFlagged: expected true or false');
}

/** A positive id as typed in a path, else a 404 naming what was asked for. */
function pathId(raw: string, what: string): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw notFound(`${what} ${raw} not found.`);
  return id;
}

export function createDownloadSources(db: AppDb, options: DownloadSourcesOptions) {
  const { publicUrl } = options;

  /** The versions of the colonies, in the order of their first colony. */
  async function versionsOf(colonyIds: readonly number[]): Promise<DownloadDatasetVersion[]> {
    const rows = await repo.versionsOfColonies(db, colonyIds);
    return downloadDatasetVersions(
      db,
      rows.map((row) => row.version_id),
      publicUrl,
    );
  }

  async function plan(
    query: DownloadQuery,
    colonyIds: readonly number[],
    isPrivate = false,
  ): Promise<DownloadPlan> {
    const [versions, data] = await Promise.all([versionsOf(colonyIds), currentDataVersion(db)]);
    return {
      query,
      colonyIds,
      versions,
      dataVersion: data.version,
      createdAt: new Date().toISOString(),
      snapshot: null,
      private: isPrivate,
    };
  }

  return {
    versionsOf,

    /** Of the given colonies, the published ones (what a public snapshot may hold), by id. */
    publicColonyIds: (colonyIds: readonly number[]) => repo.readableColonyIds(db, colonyIds, null),

    /** How many of the given colonies each dataset version holds. */
    async colonyCountsByVersion(colonyIds: readonly number[]): Promise<Map<number, number>> {
      const rows = await repo.versionsOfColonies(db, colonyIds);
      return new Map(rows.map((row) => [row.version_id, row.colonies]));
    },

    /** The map's view: exactly the colonies GET /api/public/colonies/ answers for the filter. */
    async map(rawQuery: Parameters<typeof parseFilterQuery>[0]): Promise<DownloadPlan> {
      const { filters, problems } = parseFilterQuery(rawQuery);
      if (problems.length > 0) throw badRequest(`Invalid filter: ${problems.join('; ')}`, problems);
      const context = await options.colonies.pageContext();
      const normal: FilterSet = normalizeFilterSet(filters, context.defaults);
      // No filter: every public colony, straight from the database; else the map's selection.
      const colonyIds = isEmptyFilterSet(normal)
        ? await repo.publicColonyIds(db)
        : Array.from((await options.matchingIds(normal, context)).ids);
      return plan(
        { source: { kind: 'map', filters: normal }, hideFlagged: normal.hideFlagged === true },
        colonyIds,
      );
    },

    /** A public project's public colonies. */
    async project(rawProjectId: string, hideFlagged: boolean): Promise<DownloadPlan> {
      const projectId = pathId(rawProjectId, 'Project');
      const project = await repo.publicProject(db, projectId);
      if (!project) throw notFound(`Project ${rawProjectId} not found.`);
      return plan(
        { source: { kind: 'project', projectId, projectName: project.name }, hideFlagged },
        await repo.projectColonyIds(db, projectId),
      );
    },

    /** A published version of a dataset that is not withdrawn (older versions too). */
    async datasetVersion(
      rawDatasetId: string,
      rawVersion: string,
      hideFlagged: boolean,
    ): Promise<DownloadPlan> {
      const datasetId = pathId(rawDatasetId, 'Dataset');
      const version = /^\d{1,6}$/.test(rawVersion) ? Number(rawVersion) : 0;
      const versionId = version > 0 && (await repo.readableVersionId(db, datasetId, version));
      if (!versionId) throw notFound(`Dataset ${rawDatasetId} version ${rawVersion} not found.`);
      return plan(
        { source: { kind: 'dataset-version', datasetId, version }, hideFlagged },
        await repo.versionColonyIds(db, versionId),
      );
    },

    /** One of the user's cart groups: the colonies they may still read. */
    async cartGroup(
      user: SessionUser,
      rawGroupId: string,
      hideFlagged: boolean,
    ): Promise<DownloadPlan> {
      const group = await options.cart.groupContents(user, rawGroupId);
      const filters = (group.filterParams ?? {}) as FilterSet;
      // A group saved with "Hide flagged values" downloads as the cart shows it.
      const hide = hideFlagged || filters.hideFlagged === true;
      return plan(
        { source: { kind: 'cart-group', groupName: group.name, filters }, hideFlagged: hide },
        group.colonyIds,
        true,
      );
    },
  };
}
export type DownloadSources = ReturnType<typeof createDownloadSources>;
