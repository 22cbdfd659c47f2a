import {
  citationUrl,
  creditedOrganisation,
  personName,
  type CitationFacts,
} from '../citation/citation-facts';
import { orcidUrl } from '../datasets/identifiers';
import { LICENCES } from '../datasets/licences';

/**
 * What the server puts in a page's <head> before the web app runs
 * (docs/decisions/0053-harvest-and-discovery.md): crawlers that run no script (and link previews)
 * read the title, description, canonical link and, on dataset pages, schema.org JSON-LD — what
 * Google Dataset Search reads.
 */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  canonical: string;
  /** A schema.org object, written as application/ld+json. */
  jsonLd?: Record<string, unknown>;
}

/** The longest description search engines show; longer ones are cut at a word. */
const DESCRIPTION_MAX = 300;

export function shortDescription(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= DESCRIPTION_MAX) return clean;
  const cut = clean.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 200 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

const html = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** JSON inside <script>: nothing in it may close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');

/**
 * The app's index.html with the page's head: its <title> replaced, the other tags after it (or
 * before </head> when it has no title).
 */
export function withPageHead(indexHtml: string, head: PageHead): string {
  const tags = [
    `<meta name="description" content="${html(head.description)}">`,
    `<link rel="canonical" href="${html(head.canonical)}">`,
    `<meta property="og:title" content="${html(head.title)}">`,
    `<meta property="og:description" content="${html(head.description)}">`,
    `<meta property="og:url" content="${html(head.canonical)}">`,
    ...(head.jsonLd === undefined
      ? []
      : [`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`]),
  ].join('\n    ');
  const title = `<title>${html(head.title)}</title>`;
  const withoutMeta = indexHtml.replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  if (/<title>[\s\S]*?<\/title>/i.test(withoutMeta)) {
    return withoutMeta.replace(/<title>[\s\S]*?<\/title>/i, () => `${title}\n    ${tags}`);
  }
  if (/<\/head>/i.test(withoutMeta)) {
    return withoutMeta.replace(/<\/head>/i, () => `${title}\n    ${tags}\n  </head>`);
  }
  return `${title}\n${tags}\n${withoutMeta}`;
}

/** A download of the dataset, as schema.org's DataDownload. */
export interface DatasetDistribution {
  url: string;
  encodingFormat: string;
  name: string;
}

/**
 * A dataset version as a schema.org Dataset (Google's Dataset rich result): name, description,
 * url, DOI, creators (with ORCID iDs), licence when stated, downloads, where and when.
 */
export function datasetJsonLd(
  facts: CitationFacts,
  extra: {
    distribution: readonly DatasetDistribution[];
    /** South, west, north, east in degrees, when the version has colonies. */
    box?: [number, number, number, number] | null;
    /** First and last collection date (ISO), when known. */
    dates?: [string, string] | null;
  },
): Record<string, unknown> {
  const licence = facts.licence === null ? null : LICENCES[facts.licence];
  const creators =
    facts.creators.length === 0
      ? [{ '@type': 'Organization', name: creditedOrganisation(facts) }]
      : facts.creators.map((creator) => {
          const { family, given } = personName(creator.name);
          return given === ''
            ? { '@type': 'Organization', name: family }
            : {
                '@type': 'Person',
                name: `${given} ${family}`,
                givenName: given,
                familyName: family,
                ...(creator.orcid === null ? {} : { sameAs: orcidUrl(creator.orcid) }),
                ...(creator.affiliation
                  ? { affiliation: { '@type': 'Organization', name: creator.affiliation } }
                  : {}),
              };
        });
  const description =
    facts.description.trim().length >= 50
      ? facts.description.trim()
      : `${facts.title}: thermal tolerance thresholds (ED5, ED50, ED95) of coral colonies measured in CBASS acute heat-stress assays, project ${facts.projectName}. ${facts.description}`.trim();
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: facts.title.trim() || 'Untitled dataset',
    description,
    url: facts.url,
    ...(facts.doi === null
      ? { identifier: facts.url }
      : {
          identifier: {
            '@type': 'PropertyValue',
            propertyID: 'https://registry.identifiers.org/registry/doi',
            value: `doi:${facts.doi}`,
            url: citationUrl(facts),
          },
          sameAs: citationUrl(facts),
        }),
    version: String(facts.version),
    datePublished: facts.publishedAt.slice(0, 10),
    creator: creators,
    publisher: { '@type': 'Organization', name: facts.publisher },
    keywords: ['coral', 'thermal tolerance', 'CBASS', ...facts.keywords],
    isAccessibleForFree: true,
    ...(licence === null ? {} : { license: licence.url }),
    ...(facts.relatedDois.length === 0
      ? {}
      : { citation: facts.relatedDois.map((doi) => `https://doi.org/${doi}`) }),
    distribution: extra.distribution.map((d) => ({
      '@type': 'DataDownload',
      name: d.name,
      encodingFormat: d.encodingFormat,
      contentUrl: d.url,
    })),
    ...(extra.box
      ? {
          spatialCoverage: {
            '@type': 'Place',
            geo: { '@type': 'GeoShape', box: extra.box.join(' ') },
          },
        }
      : {}),
    ...(extra.dates ? { temporalCoverage: `${extra.dates[0]}/${extra.dates[1]}` } : {}),
  };
}
