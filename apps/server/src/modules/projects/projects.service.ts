import {
  groupBy,
  type TProjectDetail,
  type TProjectListItem,
  type TProjectSummary,
  type TPublication,
  ZProjectDetail,
} from '@coral/core';
import type { AppDb } from '../../db/schema';
import { notFound } from '../../errors';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { VersionedJson } from '../../lib/send-preserialized';
import { VersionedCache } from '../../lib/versioned-cache';
import { loadAllColonies } from '../colonies/colonies.service';
import { currentDataVersion } from '../read-models/read-models.service';
import {
  projectsRepository as repo,
  type ProjectColonyFacts,
  type ProjectExperimentFacts,
  type ProjectPublicationRow,
  type ProjectRow,
} from './projects.repository';

const toPublication = ({ id, title, year, doi }: ProjectPublicationRow): TPublication => ({
  id,
  title,
  year,
  doi,
});

function toSummary(project: ProjectRow, publications: TPublication[]): TProjectSummary {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    registration_date: project.registration_date,
    owner: project.owner_username === null ? null : { username: project.owner_username },
    publications,
  };
}

/** The keys that tell same-named projects apart on the list (decision 0017). */
function listFacts(
  colonies: ProjectColonyFacts | undefined,
  experiments: ProjectExperimentFacts | undefined,
): Omit<TProjectListItem, keyof TProjectSummary> {
  const first = experiments?.first_date ?? null;
  const last = experiments?.last_date ?? null;
  return {
    sites: experiments?.sites ?? [],
    countries: colonies?.countries ?? [],
    species: colonies?.species ?? [],
    colony_count: colonies?.colony_count ?? 0,
    experiment_dates: first === null || last === null ? null : { first, last },
  };
}

/** Distinct DOIs of the publications of each colony's projects (cart export, downloads). */
export function publicationDoisOfColonies(db: AppDb, colonyIds: readonly number[]) {
  return repo.publicationDoisOfColonies(db, colonyIds);
}

/** Ids in URLs are positive 32-bit integers; anything else cannot name a project. */
export function parseProjectId(raw: string): number | undefined {
  if (!/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

const gzipAsync = promisify(gzip);

/**
 * Project pages kept serialised per data version (the most recently computed ones): enough for
 * every project of a lab, while a deployment with thousands cannot hold them all in memory.
 */
const CACHED_PROJECT_PAGES = 100;

export function createProjectsService(db: AppDb) {
  /** The list changes only with the public data, so it is computed once per data version. */
  const listCache = new VersionedCache<TProjectListItem[]>();
  /**
   * A project page reads only public rows, so it too changes only with the data version: each
   * is computed, serialised and gzipped once per version (decision 0036) instead of per request.
   */
  const detailCache = new VersionedCache<Map<number, Promise<VersionedJson>>>();

  async function computeList(): Promise<TProjectListItem[]> {
    const [projects, publications, colonyFacts, experimentFacts] = await Promise.all([
      repo.list(db),
      repo.publications(db),
      repo.colonyFacts(db),
      repo.experimentFacts(db),
    ]);
    const byProject = groupBy(publications, (p) => p.project_id);
    const coloniesOf = new Map(colonyFacts.map((row) => [row.project_id, row]));
    const experimentsOf = new Map(experimentFacts.map((row) => [row.project_id, row]));
    return projects.map((p) => ({
      ...toSummary(p, (byProject.get(p.id) ?? []).map(toPublication)),
      ...listFacts(coloniesOf.get(p.id), experimentsOf.get(p.id)),
    }));
  }

  /** One project with everything its page shows; a constant number of queries. */
  async function detail(rawId: string): Promise<TProjectDetail> {
    const id = parseProjectId(rawId);
    const project = id === undefined ? undefined : await repo.findById(db, id);
    if (id === undefined || !project) throw notFound(`Project ${rawId} not found`);

    const [publications, experiments, colonyIds, observations] = await Promise.all([
      repo.publications(db, id),
      repo.experiments(db, id),
      repo.colonyIds(db, id),
      repo.observations(db, id),
    ]);
    const [colonies, related] = await Promise.all([
      loadAllColonies(db, { ids: colonyIds }),
      repo.otherProjectsOfColonies(db, id, colonyIds),
    ]);
    const relatedByColony = groupBy(related, (r) => r.colony_id);

    return {
      ...toSummary(project, publications.map(toPublication)),
      experiments,
      colonies: colonies.map(({ projects: _projects, ...colony }) => colony),
      observations: observations.map((o) => ({
        id: o.id,
        biosample: {
          id: o.biosample_id,
          name: o.biosample_name,
          collection_date: o.collection_date,
        },
        experiment: { id: o.experiment_id, name: o.experiment_name, date: o.experiment_date },
        condition: o.condition,
        temperature: o.temperature,
        timepoint: o.timepoint,
        pam_value: o.pam_value,
        related_projects: (relatedByColony.get(o.colony_id) ?? []).map(({ id, name }) => ({
          id,
          name,
        })),
      })),
    };
  }

  return {
    async list(): Promise<TProjectListItem[]> {
      const { version } = await currentDataVersion(db);
      return listCache.get(version, computeList);
    },

    /** One project's page as JSON of the current data version (see `detail`); 404 if none. */
    async detailJson(rawId: string): Promise<VersionedJson> {
      const id = parseProjectId(rawId);
      if (id === undefined) throw notFound(`Project ${rawId} not found`);
      const { version } = await currentDataVersion(db);
      const pages = await detailCache.get(version, () =>
        Promise.resolve(new Map<number, Promise<VersionedJson>>()),
      );
      const cached = pages.get(id);
      if (cached) return cached;
      const page = detail(rawId).then(async (found) => {
        // Through the contract's schema, as Fastify's serializer would: only its fields go out.
        const json = Buffer.from(JSON.stringify(ZProjectDetail.parse(found)));
        return { etag: `"project-${id}-v${version}"`, json, gzipped: await gzipAsync(json) };
      });
      pages.set(id, page);
      // A missing project (404) or a failure is not kept: only real pages take up room.
      page.catch(() => pages.get(id) === page && pages.delete(id));
      if (pages.size > CACHED_PROJECT_PAGES) pages.delete(pages.keys().next().value!);
      return page;
    },
  };
}
export type ProjectsService = ReturnType<typeof createProjectsService>;
