import {
  CLIENT_ROUTES,
  formatLongUsDate,
  LICENCE_IDS,
  LICENCE_NOT_STATED,
  LICENCE_NOT_STATED_PLAIN,
  LICENCES,
  type TDataSummary,
} from '@coral/core';
import type { ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { APP_NAME, PageTitle } from '@/components/page-title';
import { CITATION_FORMATS } from './dataset-citation';
import { API_DOCS_URL, useDataSummary } from '@/lib/data-summary';
import { usePublicConfig } from '@/lib/public-config';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-4">
      <h2 id={id} className="h4">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** "3 public datasets" next to a licence, when the summary is loaded. */
function datasetCount(summary: TDataSummary | undefined, licence: string | null): string | null {
  if (!summary) return null;
  const count = summary.licences.find((entry) => entry.licence === licence)?.datasets ?? 0;
  return `${count} public dataset${count === 1 ? '' : 's'}`;
}

/**
 * The platform's own citation: its name, the data version seen (the footer shows it), where it
 * is and when it was read. The year is the data version's, so two readers of the same version
 * cite the same thing.
 */
export function platformCitation(
  summary: Pick<TDataSummary, 'data_version'>,
  address: string,
  accessed: Date,
): string {
  const { number, published_at: publishedAt } = summary.data_version;
  const year = new Date(publishedAt).getUTCFullYear();
  return (
    `${APP_NAME}. (${year}). Coral thermal-tolerance (CBASS) data, data version ${number} ` +
    `[Data platform]. ${address}. Accessed ${formatLongUsDate(accessed.toISOString())}.`
  );
}

/** /cite: how to cite what was found here (decision 0014). */
export function CitePage() {
  const { links } = usePublicConfig();
  const { data: summary } = useDataSummary();
  const formats = CITATION_FORMATS.map(({ label }) => label).join(', ');
  return (
    <Container className="py-4">
      <div className="col-lg-10 col-xl-9">
        <PageTitle title="How to cite" />
        <h1 className="mb-3">How to cite</h1>
        <p className="lead">
          The data here were measured and shared by researchers. Citing the datasets you used
          credits them, and lets readers find exactly the data behind your results.
        </p>

        <Section id="cite-datasets" title="Cite each dataset version you used">
          <p>
            Every dataset has numbered versions, and each version has its own page with its
            recommended citation, ready to copy, and citation files for reference managers (
            {formats}
            ). Cite the version you used: a later version may hold different data, while the version
            you cite stays readable at its own address, even after the dataset is withdrawn. A
            version with a DOI is cited by its DOI, otherwise by its page.
          </p>
          <p>
            Find them on the <Link to={CLIENT_ROUTES.datasets}>datasets list</Link>, searchable by
            title, creator, keyword and species.
          </p>
        </Section>

        <Section id="cite-downloads" title="Downloads carry their citation">
          <p>
            The map, every project, every published dataset version and each of your cart groups
            have a <strong>Download</strong> menu: CSV, GeoJSON or a Darwin Core Archive (for GBIF
            and OBIS). Each comes with two files next to the data: <code>CITATION.cff</code>, the
            citations of every dataset version in it (read by GitHub, Zenodo and reference
            managers), and <code>query.json</code>, exactly what was asked for, so that you or a
            reviewer can repeat the selection. The archive holds both; for a CSV or GeoJSON file
            they are in the same menu. Keep both with the data.
          </p>
        </Section>

        <Section id="cite-snapshots" title="Citable snapshots">
          <p>
            A snapshot freezes a selection (a map view or a research-cart group) as it is at that
            moment, under a permanent address of its own. It has one citation for exactly the rows
            you used, however many datasets they come from, and names the dataset versions it holds,
            so their creators can still be credited. Its files download as the same bytes every
            time, also after new data are published, and a content hash proves it. Logged in, use{' '}
            <strong>Create citable snapshot</strong> on the map or on a cart group. Cite a snapshot
            when your work used a selection across datasets; cite the dataset versions when you used
            whole datasets.
          </p>
        </Section>

        <Section id="cite-licences" title="Licences">
          <p>
            Each dataset carries one of the licences below, chosen by its creators; its page and the
            datasets list show which. All of them ask for the dataset to be cited.
          </p>
          <dl>
            {LICENCE_IDS.map((id) => {
              const count = datasetCount(summary, id);
              return (
                <div key={id} className="mb-2">
                  <dt>
                    <ExternalLink href={LICENCES[id].url}>{LICENCES[id].name}</ExternalLink> (
                    {LICENCES[id].shortName}){count && <span className="fw-normal">: {count}</span>}
                  </dt>
                  <dd className="mb-0">{LICENCES[id].plain}</dd>
                </div>
              );
            })}
            <div className="mb-2">
              <dt>
                {LICENCE_NOT_STATED}
                {datasetCount(summary, null) && (
                  <span className="fw-normal">: {datasetCount(summary, null)}</span>
                )}
              </dt>
              <dd className="mb-0">{LICENCE_NOT_STATED_PLAIN}</dd>
            </div>
          </dl>
        </Section>

        <Section id="cite-platform" title="The platform itself">
          <p>
            When you refer to the platform rather than to data (for example in your methods), name
            it with the data version you saw, shown at the foot of every page:
          </p>
          {summary ? (
            <blockquote className="border-start border-4 ps-3" data-testid="platform-citation">
              {platformCitation(summary, window.location.origin, new Date())}
            </blockquote>
          ) : (
            <p>
              {APP_NAME}, data version (shown at the foot of every page), {window.location.origin}.
            </p>
          )}
          <p>
            {links.sourceRepository ? (
              <>
                The software is open source:{' '}
                <ExternalLink href={links.sourceRepository}>its source code</ExternalLink>; cite the
                release you ran if you ran your own copy.
              </>
            ) : (
              'This deployment names no public source repository.'
            )}{' '}
            The API that serves the same data to scripts is described in the{' '}
            <a href={API_DOCS_URL}>API documentation</a>.
          </p>
        </Section>
      </div>
    </Container>
  );
}
