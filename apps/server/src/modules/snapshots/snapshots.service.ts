import { randomBytes } from 'node:crypto';
import type { ZCreateSnapshot } from '@coral/core';
import {
  filterSetToQueryString,
  licencesMostRestrictiveFirst,
  snapshotCitation,
  snapshotDataCite,
  snapshotPath,
  type DataCiteMetadata,
  type DownloadQuery,
  type SnapshotFacts,
  type TSnapshot,
  type TSnapshotCreated,
} from '@coral/core';
import type { z } from 'zod';
import type { AppDb } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/authentication';
import type { DownloadDatasetVersion } from '../datasets/dataset-download-facts.service';
import { PLATFORM_NAME } from '../datasets/dataset-citation';
import type { DownloadPlan, DownloadSources } from '../downloads/download-sources';
import type { DownloadWriter } from '../downloads/download-writer';
import { snapshotsRepository as repo, type SnapshotRow } from './snapshots.repository';

/**
 * Citable snapshots (docs/downloads.md, "Citable snapshots"): freezing a map view or a cart group
 * stores what makes its files the same forever — colony ids of published (immutable) versions,
 * the citation facts of those versions at that moment, the query, the data version, the time and
 * the software version — and hashes the CSV written from them.
 */
export interface SnapshotsServiceOptions {
  publicUrl: string;
  sources: DownloadSources;
  writer: DownloadWriter;
  /** Snapshots one user may create per hour (each is stored forever). */
  maxPerUserPerHour: number;
}

/** Twelve characters of [a-z2-7] (60 random bits): unguessable, short enough to cite. */
const SNAPSHOT_ID = /^[a-z2-7]{12}$/;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const newSnapshotId = () =>
  [...randomBytes(12)].map((byte) => BASE32[byte % BASE32.length]).join('');

const notFoundSnapshot = (id: string) => notFound(`Snapshot ${id} not found.`);

function describeQuery(query: DownloadQuery): string {
  const flagged = query.hideFlagged ? '; flagged values hidden' : '';
  switch (query.source.kind) {
    case 'map': {
      const filter = [...new URLSearchParams(filterSetToQueryString(query.source.filters))]
        .filter(([key]) => key !== 'hideFlagged')
        .map(([key, value]) => `${key} ${value}`)
        .join(', ');
      return `Map view (${filter === '' ? 'all colonies' : filter})${flagged}`;
    }
    case 'cart-group':
      return `Cart group "${query.source.groupName}"${flagged}`;
    // Only map views and cart groups are frozen (ZCreateSnapshot).
    case 'project':
    case 'dataset-version':
    case 'snapshot':
      throw new Error(`A ${query.source.kind} is not frozen as a snapshot`);
  }
}

export function createSnapshotsService(db: AppDb, options: SnapshotsServiceOptions) {
  const { sources, writer, publicUrl } = options;
  const pageUrl = (id: string) => `${publicUrl}${snapshotPath(id)}`;

  const facts = (
    row: Pick<SnapshotRow, 'id' | 'created_at' | 'description' | 'colony_ids'>,
    versions: readonly DownloadDatasetVersion[],
  ): SnapshotFacts => ({
    id: row.id,
    createdAt: row.created_at.toISOString(),
    url: pageUrl(row.id),
    publisher: PLATFORM_NAME,
    description: row.description,
    colonyCount: row.colony_ids.length,
    datasets: versions.map((version) => version.facts),
  });

  async function load(id: string) {
    const row = SNAPSHOT_ID.test(id) ? await repo.find(db, id) : undefined;
    if (!row) throw notFoundSnapshot(id);
    const versions = row.datasets as DownloadDatasetVersion[];
    const withdrawn = await repo.withdrawnVersionIds(
      db,
      versions.map((v) => v.versionId),
    );
    return { row, versions, withdrawn };
  }

  /** A plan for the snapshot's first write (creation) or any later download. */
  function snapshotPlan(
    row: Pick<SnapshotRow, 'id' | 'created_at' | 'data_version' | 'content_hash'> & {
      query: DownloadQuery;
    },
    colonyIds: readonly number[],
    versions: readonly DownloadDatasetVersion[],
    citation: string,
  ): DownloadPlan {
    return {
      query: row.query,
      colonyIds,
      versions,
      dataVersion: row.data_version,
      createdAt: row.created_at.toISOString(),
      snapshot: { id: row.id, contentHash: row.content_hash, citation },
      private: false,
    };
  }

  return {
    async create(
      user: SessionUser,
      body: z.output<typeof ZCreateSnapshot>,
    ): Promise<TSnapshotCreated> {
      const since = new Date(Date.now() - 3600_000);
      if ((await repo.countSince(db, user.userId, since)) >= options.maxPerUserPerHour) {
        throw new AppError(
          429,
          'RATE_LIMITED',
          `You can create at most ${options.maxPerUserPerHour} snapshots per hour; try again later.`,
        );
      }
      const planned =
        body.source === 'map'
          ? await sources.map(new URLSearchParams(body.query.replace(/^\?/, '')))
          : await sources.cartGroup(user, String(body.group_id), body.hide_flagged);
      // A snapshot is public: only published colonies are frozen (a cart may hold own drafts).
      const colonyIds =
        body.source === 'map'
          ? planned.colonyIds
          : await sources.publicColonyIds(planned.colonyIds);
      if (colonyIds.length === 0) {
        throw conflict('The view holds no published colonies to freeze.');
      }
      const versions =
        colonyIds === planned.colonyIds ? planned.versions : await sources.versionsOf(colonyIds);
      const row = {
        id: newSnapshotId(),
        // Whole milliseconds: what JavaScript and the files can state exactly.
        created_at: new Date(Math.floor(Date.now())),
        data_version: planned.dataVersion,
        content_hash: '',
        query: planned.query,
        description: describeQuery(planned.query),
        colony_ids: [...colonyIds],
      };
      const citation = snapshotCitation(facts(row, versions));
      const contentHash = await writer.sha256(snapshotPlan(row, colonyIds, versions, citation));
      await repo.insert(db, {
        id: row.id,
        createdAt: row.created_at,
        createdBy: user.userId,
        source: body.source,
        description: row.description,
        query: row.query,
        dataVersion: row.data_version,
        hideFlagged: row.query.hideFlagged,
        colonyIds,
        datasets: versions,
        softwareVersion: writer.softwareVersion,
        contentHash: `sha256:${contentHash}`,
      });
      return { id: row.id, url: pageUrl(row.id) };
    },

    async describe(id: string): Promise<TSnapshot> {
      const { row, versions, withdrawn } = await load(id);
      const colonies = await sources.colonyCountsByVersion(row.colony_ids);
      return {
        id: row.id,
        created_at: row.created_at.toISOString(),
        source: row.source,
        description: row.description,
        query: row.query as Record<string, unknown>,
        data_version: row.data_version,
        colony_count: row.colony_ids.length,
        content_hash: row.content_hash,
        citation: snapshotCitation(facts(row, versions)),
        licences: licencesMostRestrictiveFirst(versions.map((v) => v.facts.licence)),
        datasets: versions.map((version) => ({
          dataset_id: version.facts.datasetId,
          version: version.facts.version,
          title: version.facts.title,
          citation: version.citation,
          licence: version.facts.licence,
          doi: version.facts.doi,
          colonies: colonies.get(version.versionId) ?? 0,
          withdrawn: withdrawn.has(version.versionId),
        })),
      };
    },

    async dataCite(id: string): Promise<DataCiteMetadata> {
      const { row, versions } = await load(id);
      return snapshotDataCite(facts(row, versions));
    },

    /**
     * What the snapshot's downloads write: the frozen plan, less the colonies of datasets withdrawn
     * since (their data leave every download, decision 0012; the page says so).
     */
    async plan(id: string): Promise<DownloadPlan> {
      const { row, versions, withdrawn } = await load(id);
      const gone = versions.filter((v) => withdrawn.has(v.versionId));
      const goneColonies =
        gone.length === 0
          ? new Set<number>()
          : await repo.coloniesOfVersions(
              db,
              row.colony_ids,
              gone.map((v) => v.versionId),
            );
      const citation = snapshotCitation(facts(row, versions));
      return {
        ...snapshotPlan(
          { ...row, query: row.query as DownloadQuery },
          row.colony_ids.filter((colonyId) => !goneColonies.has(colonyId)),
          versions.filter((v) => !withdrawn.has(v.versionId)),
          citation,
        ),
        softwareVersion: row.software_version,
      };
    },
  };
}
export type SnapshotsService = ReturnType<typeof createSnapshotsService>;
