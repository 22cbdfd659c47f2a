import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import {
  CART_MAX_COLONIES_PER_GROUP,
  cartExportCitationsText,
  emptyThresholdLists,
  groupBy,
  type TCartGroup,
  withoutFlaggedEntries,
  ZCartGroupList,
} from '@coral/core';
import type { AppDb } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { PerOwnerCache } from '../../lib/per-owner-cache';
import type { SessionUser } from '../../plugins/authentication';
import { readableColonyIds } from '../colonies/colonies.service';
import { PLATFORM_NAME } from '../datasets/dataset-citation';
import { loadThresholdLists } from '../thresholds/thresholds.service';
import { cartExportDatasets, cartExportLines, type ExportedGroup } from './cart-export';
import { cartRepository as repo } from './cart.repository';

/** What an export names: some of the user's groups, or all of them. */
export interface CartExportRequest {
  group_ids: number[];
  export_all: boolean;
}

/** Ids are PostgreSQL integers: anything outside cannot name a row (and must not reach SQL). */
const MAX_ID = 2_147_483_647;
const isStorableId = (id: number) => Number.isInteger(id) && id >= 1 && id <= MAX_ID;
/** How many unknown colony ids a 400 answer lists. */
const UNKNOWN_IDS_LISTED = 1000;

export interface CartAddInput {
  colony_ids: number[];
  filter_params: Record<string, unknown>;
  name: string;
}

export interface CartServiceOptions {
  /** The platform's public URL: base of the dataset versions' citations in the export. */
  publicUrl: string;
  /** Colonies read per query while exporting (keyset pages). */
  exportChunkSize?: number;
}

/** Whether a group's saved filter has "Hide flagged values" on (decision 0013). */
const hidesFlagged = (filterParams: unknown) =>
  (filterParams as { hideFlagged?: unknown } | null)?.hideFlagged === true;

/** A group id as typed in a path: digits only, else no group. */
const parseGroupId = (raw: string) => (/^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN);

const groupNotFound = (groupId: number | string) => notFound(`Cart group ${groupId} not found`);

const summary = (values: Iterable<string>) => [...new Set(values)].sort().join(', ');

const gzipAsync = promisify(gzip);

/** Users whose cart answers are kept (the most recent ones), and the memory they may take. */
const CACHE_LIMITS = { maxOwners: 200, maxBytes: 64 * 1024 * 1024 };
/** A larger answer is not kept; it is built for each request, as the first one was. */
const MAX_CACHED_BYTES = 4 * 1024 * 1024;

/** The cart list serialised, and gzipped. */
export interface CartJson {
  json: Buffer;
  gzipped: Buffer;
}

/** Streams `lines`; once all have gone out, hands their text to `done` unless it grew too big. */
async function* keepingText(lines: AsyncIterable<string>, done: (text: string) => void) {
  let parts: string[] | null = [];
  let bytes = 0;
  for await (const text of lines) {
    yield text;
    if (parts) {
      bytes += Buffer.byteLength(text);
      if (bytes > MAX_CACHED_BYTES) parts = null;
      else parts.push(text);
    }
  }
  // Not reached when the client leaves early: a partial file is never kept.
  if (parts) done(parts.join(''));
}

export function createCartService(db: AppDb, options: CartServiceOptions) {
  const exportChunkSize = options.exportChunkSize ?? 1000;
  const { publicUrl } = options;
  /**
   * A cart's answers are rebuilt only when something they show changed (decision 0036): kept per
   * user, keyed by the state read from the database with every request (repo.cartState), so a
   * change made by any process is seen at once. Looked up by the session's own user id only:
   * one user's entry can never answer another. Users who own datasets are not cached (their
   * unpublished rows change without a new data version).
   */
  const listCache = new PerOwnerCache<CartJson>(
    CACHE_LIMITS,
    (answer) => answer.json.length + answer.gzipped.length,
  );
  const exportCache = new PerOwnerCache<string>(CACHE_LIMITS, (text) => text.length * 2);
  const cacheState = async (user: SessionUser): Promise<string | null> => {
    const state = await repo.cartState(db, user.userId);
    return state.owns_datasets ? null : `${state.data_version}|${state.groups}`;
  };

  /** The user's groups, newest first, with their colonies: 7 queries whatever the sizes. */
  async function list(user: SessionUser): Promise<TCartGroup[]> {
    const [groups, memberships] = await Promise.all([
      repo.listGroups(db, user.userId),
      repo.memberships(db, user.userId),
    ]);
    const colonyIds = [...new Set(memberships.map((m) => m.colony_id))];
    const [colonies, biosamples, thresholds] = await Promise.all([
      repo.colonies(db, colonyIds),
      repo.biosampleNames(db, colonyIds),
      loadThresholdLists(db, { ids: colonyIds }),
    ]);
    const biosamplesByColony = groupBy(biosamples, (b) => b.colony_id);
    const entries = new Map(
      colonies.map((colony) => [
        colony.id,
        {
          colony,
          biosamples: (biosamplesByColony.get(colony.id) ?? []).map(({ name }) => ({ name })),
          ...(thresholds.get(colony.id) ?? emptyThresholdLists()),
        },
      ]),
    );
    const membersByGroup = groupBy(memberships, (m) => m.group_id);
    return groups.map((group) => {
      // A group saved with "Hide flagged values" shows its colonies as the map did.
      const hide = hidesFlagged(group.filter_params);
      const members = (membersByGroup.get(group.id) ?? []).flatMap((m) => {
        const member = entries.get(m.colony_id);
        if (!member) return [];
        return hide ? withoutFlaggedEntries(member) : member;
      });
      return {
        id: group.id,
        name: group.name,
        species: summary(members.map((m) => m.colony.species)),
        country: summary(members.map((m) => m.colony.country)),
        colony_count: members.length,
        created_at: group.created_at.toISOString(),
        filter_params: group.filter_params as Record<string, unknown>,
        colonies: members,
      };
    });
  }

  /**
   * The groups an export request names, newest first, as the export writes them: ownership is
   * checked first (another user's group is a 404 like a missing one).
   */
  async function exportedGroups(
    user: SessionUser,
    request: CartExportRequest,
  ): Promise<ExportedGroup[]> {
    let groups: { id: number; name: string; filter_params: unknown }[];
    if (request.export_all) {
      groups = await repo.ownedGroups(db, user.userId);
    } else {
      const wanted = [...new Set(request.group_ids)];
      if (wanted.length === 0) {
        throw new AppError(
          400,
          'VALIDATION_FAILED',
          'Choose at least one group to export, or set export_all.',
        );
      }
      groups = await repo.ownedGroups(db, user.userId, wanted.filter(isStorableId));
      const found = new Set(groups.map((g) => g.id));
      const missing = wanted.find((id) => !found.has(id));
      if (missing !== undefined) throw groupNotFound(missing);
    }
    return groups.map((group) => ({
      id: group.id,
      name: group.name,
      hideFlagged: hidesFlagged(group.filter_params),
    }));
  }

  return {
    list,

    /** `list` as JSON, from the cache while the cart's state is unchanged. */
    async listJson(user: SessionUser): Promise<CartJson> {
      const state = await cacheState(user);
      const cached = state === null ? undefined : listCache.find(user.userId, state);
      if (cached) return cached;
      // Through the contract's schema, as Fastify's serializer would: only its fields go out.
      const json = Buffer.from(JSON.stringify(ZCartGroupList.parse(await list(user))));
      const answer = { json, gzipped: await gzipAsync(json) };
      if (state !== null && json.length <= MAX_CACHED_BYTES) {
        listCache.set(user.userId, state, answer);
      }
      return answer;
    },

    /** A new group of existing colonies; duplicates collapse. Returns its id. */
    async add(user: SessionUser, input: CartAddInput): Promise<number> {
      const colonyIds = [...new Set(input.colony_ids)];
      return db.transaction().execute(async (trx) => {
        const existing = new Set(
          await readableColonyIds(trx, colonyIds.filter(isStorableId), user.userId),
        );
        const unknown = colonyIds.filter((id) => !existing.has(id));
        if (unknown.length > 0) {
          const shown = unknown.slice(0, 10).join(', ');
          const more = unknown.length > 10 ? ` and ${unknown.length - 10} more` : '';
          throw badRequest(`Unknown colony ids: ${shown}${more}`, {
            unknown_colony_ids: unknown.slice(0, UNKNOWN_IDS_LISTED),
            unknown_count: unknown.length,
          });
        }
        const groupId = await repo.insertGroup(trx, user.userId, input.name, input.filter_params);
        await repo.insertMemberships(trx, groupId, colonyIds);
        return groupId;
      });
    },

    async remove(user: SessionUser, groupId: number): Promise<void> {
      const deleted = isStorableId(groupId) && (await repo.deleteGroup(db, user.userId, groupId));
      if (!deleted) throw groupNotFound(groupId);
    },

    /**
     * One of the user's groups as its downloads and snapshots need it: name, saved filter and the
     * colonies the user may still read, in id order. Another user's group is a 404.
     */
    async groupContents(
      user: SessionUser,
      rawGroupId: string,
    ): Promise<{ id: number; name: string; filterParams: unknown; colonyIds: number[] }> {
      const groupId = parseGroupId(rawGroupId);
      const [group] = isStorableId(groupId)
        ? (await repo.listGroups(db, user.userId)).filter((g) => g.id === groupId)
        : [];
      if (!group) throw groupNotFound(rawGroupId);
      const colonyIds = await repo.colonyIdPage(
        db,
        user.userId,
        group.id,
        0,
        CART_MAX_COLONIES_PER_GROUP,
      );
      return { id: group.id, name: group.name, filterParams: group.filter_params, colonyIds };
    },

    async rename(user: SessionUser, rawGroupId: string, name: string) {
      const groupId = parseGroupId(rawGroupId);
      const renamed = isStorableId(groupId)
        ? await repo.renameGroup(db, user.userId, groupId, name)
        : undefined;
      if (!renamed) throw groupNotFound(rawGroupId);
      return renamed;
    },

    /**
     * The CSV export of the chosen groups (or all of them) as a stream: ownership is checked
     * first (another user's group is a 404 like a missing one), then rows are read and written
     * one keyset page of colonies at a time, so memory stays flat whatever the group sizes.
     */
    async exportCsv(user: SessionUser, request: CartExportRequest): Promise<Readable> {
      const exported = await exportedGroups(user, request);
      const state = await cacheState(user);
      const key = state === null ? null : `${state}|${exported.map((g) => g.id).join(',')}`;
      const cached = key === null ? undefined : exportCache.find(user.userId, key);
      if (cached !== undefined) return Readable.from([cached], { objectMode: false });
      const lines = cartExportLines(db, user.userId, exported, exportChunkSize, publicUrl);
      return Readable.from(
        key === null
          ? lines
          : keepingText(lines, (text) => exportCache.set(user.userId, key, text)),
        { objectMode: false },
      );
    },

    /**
     * The companion of the export for the same request (decision 0054): the citations and
     * licences of exactly the dataset versions its rows come from, as a text file.
     */
    async exportCitations(user: SessionUser, request: CartExportRequest): Promise<string> {
      const exported = await exportedGroups(user, request);
      const datasets = await cartExportDatasets(
        db,
        user.userId,
        exported,
        exportChunkSize,
        publicUrl,
      );
      return cartExportCitationsText(datasets, {
        platform: PLATFORM_NAME,
        createdAt: new Date().toISOString(),
      });
    },
  };
}
export type CartService = ReturnType<typeof createCartService>;
