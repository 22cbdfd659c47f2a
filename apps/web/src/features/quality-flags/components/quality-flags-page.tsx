import {
  CLIENT_ROUTES,
  COLONY_FLAG_DESCRIPTIONS,
  QUALITY_FLAG_DESCRIPTIONS,
  type QualityFlagDescription,
} from '@coral/core';
import { useEffect } from 'react';
import Badge from 'react-bootstrap/Badge';
import Container from 'react-bootstrap/Container';
import { Link, useLocation } from 'react-router';
import { PageTitle } from '@/components/page-title';
import './quality-flags.css';

export const QUALITY_FLAGS_TITLE = 'Quality flags';

function FlagSection({ flag }: { flag: QualityFlagDescription }) {
  const headingId = `${flag.code}-title`;
  return (
    <section id={flag.code} className="quality-flag mb-4" aria-labelledby={headingId}>
      <h2 className="h4" id={headingId}>
        {flag.title}
      </h2>
      <p className="mb-2">
        <code>{flag.code}</code>{' '}
        {flag.hiddenByHideFlagged ? (
          <Badge bg="warning" text="dark" className="fw-normal">
            Hidden by “Hide flagged values”
          </Badge>
        ) : (
          <Badge bg="light" text="dark" className="fw-normal border">
            Still shown with “Hide flagged values”
          </Badge>
        )}
      </p>
      <dl className="quality-flag__facts">
        <dt>What it means</dt>
        <dd>{flag.meaning}</dd>
        <dt>How it is decided</dt>
        <dd>{flag.howDecided}</dd>
        <dt>Hidden by “Hide flagged values”?</dt>
        <dd>
          {flag.hiddenByHideFlagged
            ? 'Yes: the whole entry (absolute and relative value) is left out of the map, its popups and the colonies API; a colony left with no entries is not shown.'
            : 'No: the value itself is sound, so it stays, marked.'}
        </dd>
        <dt>What to do</dt>
        <dd>{flag.whatToDo}</dd>
      </dl>
    </section>
  );
}

/**
 * /quality-flags (decision 0013): every quality flag in plain words, from the registry in core
 * (so the numbers are the rule's own). Each flag has an anchor (`#implausible_absolute`) that the
 * 'flagged' badges link to.
 */
export function QualityFlagsPage() {
  const { hash } = useLocation();
  // The page is loaded lazily, after the browser looked for the anchor: scroll to it ourselves.
  useEffect(() => {
    if (hash.length > 1) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    }
  }, [hash]);
  return (
    <Container className="py-4 quality-flags-page">
      <PageTitle title={QUALITY_FLAGS_TITLE} />
      <h1 className="h2">{QUALITY_FLAGS_TITLE}</h1>
      <p className="lead">
        Every thermal threshold (ED5, ED50, ED95) is checked when its dataset is imported. Values
        are never changed or deleted: a doubtful one is marked <em>flagged</em>, so you can see what
        is wrong and decide yourself.
      </p>
      <p>
        On the <Link to={CLIENT_ROUTES.map}>map</Link>, “Hide flagged values” leaves out the values
        whose flags mean they cannot be trusted (a failed curve fit), before any temperature filter
        is applied. Values flagged for other reasons stay visible.
      </p>
      <nav aria-label="Flags on this page" className="mb-4">
        <ul>
          {QUALITY_FLAG_DESCRIPTIONS.map((flag) => (
            <li key={flag.code}>
              <a href={`#${flag.code}`}>{flag.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {QUALITY_FLAG_DESCRIPTIONS.map((flag) => (
        <FlagSection key={flag.code} flag={flag} />
      ))}
      <h2 className="h3 mt-5">Flags on uploaded colonies</h2>
      <p>
        These are shown on the upload’s page and in its quality-flag report: they concern a colony,
        not one of its values.
      </p>
      {COLONY_FLAG_DESCRIPTIONS.map((flag) => (
        <section
          key={flag.code}
          id={flag.code}
          className="quality-flag mb-4"
          aria-labelledby={`${flag.code}-title`}
        >
          <h3 className="h4" id={`${flag.code}-title`}>
            {flag.title}
          </h3>
          <p className="mb-2">
            <code>{flag.code}</code>
          </p>
          <dl className="quality-flag__facts">
            <dt>What it means</dt>
            <dd>{flag.meaning}</dd>
            <dt>How it is decided</dt>
            <dd>{flag.howDecided}</dd>
            <dt>What to do</dt>
            <dd>{flag.whatToDo}</dd>
          </dl>
        </section>
      ))}
    </Container>
  );
}
