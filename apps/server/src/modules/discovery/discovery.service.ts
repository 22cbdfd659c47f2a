import {
  CLIENT_ROUTES,
  colonyPath,
  datasetJsonLd,
  datasetPath,
  DOWNLOAD_FORMAT_IDS,
  DOWNLOAD_FORMATS,
  downloadFolders,
  downloadUrl,
  projectPath,
  shortDescription,
  speciesPath,
  type PageHead,
} from '@coral/core';
import type { AppDb } from '../../db/schema';
import { citationFacts, PLATFORM_NAME } from '../datasets/dataset-citation';
import { createDatasetReader, parseId } from '../datasets/dataset-reader';
import { parseMetadata } from '../datasets/dataset-versions.service';
import { discoveryRepository as repo } from './discovery.repository';

const escapeXml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/**
 * What crawlers read without running the web app (docs/decisions/0053-harvest-and-discovery.md):
 * the head of each public page (title, description, canonical link; schema.org Dataset JSON-LD on
 * dataset pages), robots.txt and the sitemap of the public pages. A page that does not exist or is
 * not public gets no head of its own (the app's shell, as before).
 */
export function createDiscoveryService(db: AppDb, options: { publicUrl: string }) {
  const base = options.publicUrl.replace(/\/$/, '');
  const reader = createDatasetReader(db, options);
  const title = (text: string) => `${text} · ${PLATFORM_NAME}`;

  async function datasetHead(id: string, number: string | undefined): Promise<PageHead | null> {
    const loaded = await reader.load(db, id);
    const version = loaded && reader.shownVersion(loaded, number, false);
    if (!loaded || !version) return null;
    const metadata = parseMetadata(version.metadata);
    const facts = citationFacts({
      dataset: loaded.dataset,
      version,
      metadata,
      publicUrl: options.publicUrl,
    });
    const withdrawn = loaded.dataset.withdrawn_at !== null;
    const name = facts.title.trim() || 'Untitled dataset';
    if (withdrawn) {
      return {
        title: title(`${name} (withdrawn)`),
        description: shortDescription(
          `This dataset was withdrawn${loaded.dataset.withdrawal_reason ? `: ${loaded.dataset.withdrawal_reason}` : '.'} Its citation still resolves.`,
        ),
        canonical: facts.url,
      };
    }
    const extent = await repo.versionExtent(db, version.id);
    const folder = downloadFolders.datasetVersion(loaded.dataset.id, version.number);
    const jsonLd = datasetJsonLd(facts, {
      distribution: DOWNLOAD_FORMAT_IDS.map((format) => ({
        name: DOWNLOAD_FORMATS[format].label,
        encodingFormat: DOWNLOAD_FORMATS[format].contentType.split(';')[0]!,
        url: `${base}${downloadUrl(folder, DOWNLOAD_FORMATS[format].file)}`,
      })),
      box:
        extent && extent.south !== null
          ? [extent.south, extent.west!, extent.north!, extent.east!]
          : null,
      dates: extent?.first && extent.last ? [extent.first, extent.last] : null,
    });
    return {
      title: title(`${name} (version ${facts.version})`),
      description: shortDescription(String(jsonLd.description)),
      canonical: facts.url,
      jsonLd,
    };
  }

  async function projectHead(rawId: string): Promise<PageHead | null> {
    const id = parseId(rawId);
    const project = id === null ? null : await repo.project(db, id);
    if (id === null || !project) return null;
    const name = project.name.trim() || `Project ${id}`;
    return {
      title: title(`${name} (project)`),
      description: shortDescription(
        `${project.colonies} coral colonies with CBASS thermal tolerance thresholds (ED50). ${project.description}`,
      ),
      canonical: `${base}${projectPath(id)}`,
    };
  }

  async function colonyHead(rawId: string): Promise<PageHead | null> {
    const id = parseId(rawId);
    const colony = id === null ? null : await repo.colony(db, id);
    if (id === null || !colony) return null;
    return {
      title: title(`Colony ${colony.name}, ${colony.species}`),
      description: shortDescription(
        `Thermal tolerance thresholds (ED5, ED50, ED95) and raw CBASS observations of the ${colony.species} colony ${colony.name} (${colony.country}).`,
      ),
      canonical: `${base}${colonyPath(id)}`,
    };
  }

  async function speciesHead(rawName: string): Promise<PageHead | null> {
    let name: string;
    try {
      name = decodeURIComponent(rawName);
    } catch {
      return null;
    }
    const colonies = await repo.speciesColonies(db, name);
    if (colonies === 0) return null;
    return {
      title: title(`${name}: thermal tolerance`),
      description: shortDescription(
        `ED50 distributions of ${name} from ${colonies} coral colonies measured in CBASS acute heat-stress assays, by site.`,
      ),
      canonical: `${base}${speciesPath(name)}`,
    };
  }

  const ROUTES: [RegExp, (match: RegExpExecArray) => Promise<PageHead | null>][] = [
    [/^\/datasets\/([^/]+)\/versions\/([^/]+)$/, (m) => datasetHead(m[1]!, m[2])],
    [/^\/datasets\/([^/]+)$/, (m) => datasetHead(m[1]!, undefined)],
    [/^\/project\/([^/]+)$/, (m) => projectHead(m[1]!)],
    [/^\/colony\/([^/]+)$/, (m) => colonyHead(m[1]!)],
    [/^\/species\/([^/]+)$/, (m) => speciesHead(m[1]!)],
  ];

  return {
    /** The head of a public page, or null (not such a page, or nothing public there). */
    async headFor(pathname: string): Promise<PageHead | null> {
      for (const [pattern, head] of ROUTES) {
        const match = pattern.exec(pathname);
        if (match) return head(match);
      }
      return null;
    },

    robotsTxt(): string {
      return [
        'User-agent: *',
        // Accounts, uploads and drafts are nobody's to index; the open API is reached from pages.
        'Disallow: /api/auth/',
        `Disallow: ${CLIENT_ROUTES.upload}`,
        `Disallow: ${CLIENT_ROUTES.uploads}`,
        `Disallow: ${CLIENT_ROUTES.my_datasets}`,
        `Disallow: ${CLIENT_ROUTES.review}`,
        `Disallow: ${CLIENT_ROUTES.cart}`,
        `Disallow: ${CLIENT_ROUTES.login}`,
        'Allow: /',
        '',
        `Sitemap: ${base}/sitemap.xml`,
        '',
      ].join('\n');
    },

    async sitemapXml(): Promise<string> {
      const pages = await repo.sitemap(db);
      const url = (path: string, lastmod?: Date | null) =>
        `  <url><loc>${escapeXml(`${base}${path}`)}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...[
          CLIENT_ROUTES.home,
          CLIENT_ROUTES.map,
          CLIENT_ROUTES.projects,
          CLIENT_ROUTES.datasets,
          CLIENT_ROUTES.cite,
          CLIENT_ROUTES.ed50,
          CLIENT_ROUTES.quality_flags,
        ].map((path) => url(path)),
        ...pages.versions.map((v) => url(datasetPath(v.dataset_id, v.number), v.published_at)),
        ...pages.projects.map((id) => url(projectPath(id))),
        ...pages.species.map((name) => url(speciesPath(name))),
        ...pages.colonies.map((id) => url(colonyPath(id))),
        '</urlset>',
        '',
      ].join('\n');
    },
  };
}
export type DiscoveryService = ReturnType<typeof createDiscoveryService>;
