import type { Migration } from './migration';

/**
 * DOIs are stored once, bare (`10.1111/mec.16064`): a publication's DOI given as a link
 * (`https://doi.org/…`, `http://dx.doi.org/…`) or with a `doi:` prefix, as researchers' sheets
 * write it, loses its resolver, which every file adds back once (decision 0058). Only values that
 * are DOIs after that change; any other text ("No doi available") is left as it is.
 */
const RESOLVER = `'^\\s*((https?://)?(dx\\.)?doi\\.org/|doi:\\s*)'`;
const DOI = `'^10\\.[0-9]{4,9}(\\.[0-9]+)*/[^[:space:]]+$'`;

export const bareDois: Migration = {
  statements: [
    `UPDATE publications
        SET doi = regexp_replace(doi, ${RESOLVER}, '', 'i')
      WHERE doi ~* ${RESOLVER}
        AND regexp_replace(doi, ${RESOLVER}, '', 'i') ~ ${DOI}`,
    `UPDATE publications SET doi = btrim(doi) WHERE doi <> btrim(doi) AND btrim(doi) ~ ${DOI}`,
  ],
};
