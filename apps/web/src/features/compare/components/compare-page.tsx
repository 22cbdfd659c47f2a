import {
  CART_GROUP_FACTOR,
  CLIENT_ROUTES,
  COMPARE_FACTOR_LABELS,
  COMPARE_FACTORS,
  COMPARE_LIMITS,
  FILTER_QUERY_KEYS,
  INCLUDE_FLAGGED,
  RELATIVE_TO_MMM,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS_BY_LEVEL,
  type CompareFactor,
  type CompareResult,
} from '@coral/core';
import type { ValueSummary } from '@coral/core/analysis';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link, useSearchParams } from 'react-router';
import { ChartDownloads } from '@/components/charts';
import { PageTitle } from '@/components/page-title';
import { AnalysisReport } from '@/components/analysis-report/analysis-report';
import type { QueryParameters } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useCartGroups, useCompare } from '../api/get-compare';
import { GroupMeansPlot, MmmRegressionPlot } from './compare-plots';

const summaryText = (summary: ValueSummary) =>
  summary.mean === null
    ? '–'
    : `${summary.mean.toFixed(2)}${summary.sd === null ? '' : ` ± ${summary.sd.toFixed(2)}`}`;

function GroupTable({ result }: { result: CompareResult }) {
  return (
    // Focusable, so a keyboard can scroll it on a phone (axe: scrollable-region-focusable).
    <div className="table-responsive" tabIndex={0} role="region" aria-label="Groups: numbers">
      <Table size="sm" striped bordered className="small" data-testid="compare-groups">
        <caption>
          Mean ± SD (°C) of each group; n: values. Relative values are ED − MMM of the site.
        </caption>
        <thead>
          <tr>
            <th scope="col">{result.factorLabels[0]}</th>
            <th scope="col">Observations</th>
            {THRESHOLD_KINDS_BY_LEVEL.map((kind) => (
              <th scope="col" key={kind}>
                {THRESHOLD_KIND_INFO[kind].edLabel} (n)
              </th>
            ))}
            {THRESHOLD_KINDS_BY_LEVEL.map((kind) => (
              <th scope="col" key={kind}>
                {THRESHOLD_KIND_INFO[kind].edLabel} − MMM (n)
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.groups.map((group) => (
            <tr key={group.name}>
              <th scope="row">{group.name}</th>
              <td>{group.observations}</td>
              {THRESHOLD_KINDS_BY_LEVEL.map((kind) => (
                <td key={kind}>
                  {summaryText(group.absolute[kind])} ({group.absolute[kind].n})
                </td>
              ))}
              {THRESHOLD_KINDS_BY_LEVEL.map((kind) => (
                <td key={kind}>
                  {summaryText(group.relative[kind])} ({group.relative[kind].n})
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function Results({
  result,
  hrefOf,
}: {
  result: CompareResult;
  /** The address of one of the comparison's downloads (analyses.csv, analyses_R.zip). */
  hrefOf: (file: string) => string;
}) {
  const wilcoxon = result.analyses.ed50.wilcoxon;
  const regression = result.mmm.ed50.sites;
  const meansTitle = `${result.scale === 'relative' ? 'ED50 − MMM' : 'ED50'} by ${result.factorLabels[0]!.toLowerCase()}`;
  return (
    <>
      {result.notes.map((note) => (
        <Alert key={note} variant="info" className="py-2 small">
          {note}
        </Alert>
      ))}
      <p>
        {result.colonies} colonies, {result.observations} observations (colony × condition ×
        timepoint) in {result.groups.length} groups.{' '}
        <a href={hrefOf('analyses.csv')} download>
          Download the analyses (CSV)
        </a>
        {' · '}
        <a href={hrefOf('analyses_R.zip')} download>
          R script with its data (ZIP)
        </a>
      </p>
      <h2 className="h4">Groups</h2>
      <GroupTable result={result} />
      <h2 className="h4">{meansTitle}</h2>
      <ChartDownloads title={meansTitle}>
        <GroupMeansPlot
          groups={result.groups}
          scale={result.scale}
          letters={wilcoxon.result?.letters ?? null}
        />
      </ChartDownloads>
      <h2 className="h4">ED50 against MMM across sites</h2>
      <ChartDownloads title="ED50 against MMM across sites">
        <MmmRegressionPlot mmm={result.mmm.ed50} />
      </ChartDownloads>
      <p className="small" data-testid="compare-regression">
        {regression.regression
          ? `lm(ED50 ~ MMM) over ${regression.regression.n} sites: slope ${regression.regression.slope.estimate.toFixed(3)} (SE ${regression.regression.slope.se.toFixed(3)}, p = ${regression.regression.slope.p.toPrecision(3)}), R² = ${regression.regression.rSquared.toFixed(3)}.`
          : regression.reason}
      </p>
      <h2 className="h4">Analyses</h2>
      <div className="table-responsive" tabIndex={0} role="region" aria-label="Analyses tables">
        <AnalysisReport analyses={result.analyses} />
      </div>
      <h2 className="h4">Cite the data</h2>
      <ul data-testid="compare-citations" style={{ overflowWrap: 'anywhere' }}>
        {result.citations.map((citation) => (
          <li key={citation.citationKey}>
            {citation.citation} <a href={citation.url}>{citation.title}</a>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Which groups of the selection to compare (the API's repeatable `include`; none listed: all).
 * Plain checkboxes in a disclosure, so the list stays short on a phone and every box is reached
 * with Tab and ticked with Space; the last ticked box cannot be unticked (nothing to compare).
 */
function GroupChoice({
  names,
  label,
  included,
  onChange,
}: {
  names: readonly string[];
  label: string;
  included: readonly string[];
  /** The groups to include; an empty list means all of them. */
  onChange: (include: string[]) => void;
}) {
  const chosen = new Set(included.length > 0 ? included : names);
  const count = names.filter((name) => chosen.has(name)).length;
  const toggle = (name: string, on: boolean) => {
    const next = names.filter((other) => (other === name ? on : chosen.has(other)));
    onChange(next.length === names.length ? [] : next);
  };
  return (
    <details className="mt-3" data-testid="compare-include">
      <summary>
        Groups to include ({count} of {names.length})
      </summary>
      <fieldset className="mt-2">
        <legend className="visually-hidden">{label}s to include</legend>
        <div className="d-flex flex-wrap column-gap-4">
          {names.map((name, i) => (
            <Form.Check
              key={name}
              id={`compare-include-${i}`}
              label={name}
              checked={chosen.has(name)}
              disabled={count === 1 && chosen.has(name)}
              onChange={(event) => toggle(name, event.target.checked)}
            />
          ))}
        </div>
        {count < names.length && (
          <button type="button" className="btn btn-link btn-sm px-0" onClick={() => onChange([])}>
            Include every group
          </button>
        )}
      </fieldset>
    </details>
  );
}

/**
 * The Compare page (decision 0067): the calculator's post-fit analyses on the platform's data,
 * for the map's current selection (its filter parameters in the address) or the user's cart
 * groups; the choices live in the address so a comparison can be bookmarked and shared.
 */
export function ComparePage() {
  const [params, setParams] = useSearchParams();
  const auth = useAuth();
  const cart = useCartGroups(auth.isAuthenticated);
  const source = params.get('source') === 'cart' && auth.isAuthenticated ? 'cart' : 'map';
  const groupBy = (params.get('groupBy') ??
    (source === 'cart' ? CART_GROUP_FACTOR : 'species')) as CompareFactor;
  const factor = params.get('factor') ?? '';
  const relative = params.get('relative') === RELATIVE_TO_MMM;
  const includeFlagged = params.get('flagged') === INCLUDE_FLAGGED;
  const groupIds = params.get('groupIds') ?? '';
  const filters = Object.fromEntries(
    [...params.entries()].filter(([key]) => FILTER_QUERY_KEYS.includes(key)),
  );
  const include = params.getAll('include');
  const query: QueryParameters = {
    ...(source === 'cart' ? { groupIds } : filters),
    groupBy,
    factor: factor || undefined,
    relative: relative ? RELATIVE_TO_MMM : undefined,
    flagged: includeFlagged ? INCLUDE_FLAGGED : undefined,
    include: include.length > 0 ? include : undefined,
  };
  const ready = source === 'map' || groupIds !== '';
  // One user action, one request: the answer lists every group of the selection to choose from.
  const compare = useCompare(query, source === 'cart', ready);
  const groupNames = compare.data?.selectionGroups ?? [];
  const factors: CompareFactor[] = [
    ...COMPARE_FACTORS,
    ...(source === 'cart' ? [CART_GROUP_FACTOR as CompareFactor] : []),
  ];
  const set = (changes: Record<string, string | readonly string[] | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      next.delete(key);
      for (const one of typeof value === 'string' ? [value] : (value ?? [])) {
        if (one !== '') next.append(key, one);
      }
    }
    setParams(next, { replace: true });
  };
  const csvQuery = new URLSearchParams(
    Object.entries(query).flatMap(([key, value]) =>
      (typeof value === 'string' ? [value] : (value ?? [])).map((one) => [key, one]),
    ),
  ).toString();
  const hrefOf = (file: string) =>
    `${source === 'cart' ? '/api/auth/cart/compare/' : '/api/public/compare/'}${file}?${csvQuery}`;
  const mapSearch = new URLSearchParams(filters).toString();
  const chosen = new Set(groupIds.split(',').filter(Boolean));

  return (
    <Container className="py-4 compare-page">
      <PageTitle title="Compare" />
      <h1 className="h2">Compare</h1>
      <p>
        The calculator’s analyses on the platform’s data: ED5, ED50 and ED95 by group, Welch’s
        ANOVA, Levene’s test, pairwise Wilcoxon tests with compact letters, the factorial ANOVA with
        Tukey contrasts, influential colonies, and ED50 against the sites’ maximum monthly mean.
        Public data only, or your own cart groups. At most {COMPARE_LIMITS.groups} groups and{' '}
        {COMPARE_LIMITS.colonies} colonies.
      </p>
      <Form className="mb-4" onSubmit={(event) => event.preventDefault()}>
        <fieldset className="mb-3">
          <legend className="h6">What to compare</legend>
          <Form.Check
            type="radio"
            id="compare-source-map"
            name="compare-source"
            label={
              <>
                The map’s selection{' '}
                {mapSearch === ''
                  ? '(every public colony)'
                  : `(${mapSearch.replaceAll('&', ', ')})`}{' '}
                —{' '}
                <Link to={`${CLIENT_ROUTES.map}${mapSearch ? `?${mapSearch}` : ''}`}>
                  change on the map
                </Link>
              </>
            }
            checked={source === 'map'}
            onChange={() => set({ source: null, groupBy: null, groupIds: null, include: null })}
          />
          {auth.isAuthenticated && (
            <Form.Check
              type="radio"
              id="compare-source-cart"
              name="compare-source"
              label="My cart groups"
              checked={source === 'cart'}
              onChange={() => set({ source: 'cart', groupBy: CART_GROUP_FACTOR, include: null })}
            />
          )}
        </fieldset>
        {source === 'cart' && (
          <fieldset className="mb-3">
            <legend className="h6">Cart groups</legend>
            {(cart.data ?? []).length === 0 && <p>Your cart has no groups yet.</p>}
            {(cart.data ?? []).map((group) => (
              <Form.Check
                key={group.id}
                id={`compare-group-${group.id}`}
                label={`${group.name} (${group.colony_count} colonies)`}
                checked={chosen.has(String(group.id))}
                onChange={(event) => {
                  const next = new Set(chosen);
                  if (event.target.checked) next.add(String(group.id));
                  else next.delete(String(group.id));
                  set({ groupIds: [...next].join(','), include: null });
                }}
              />
            ))}
          </fieldset>
        )}
        <div className="row g-3 align-items-end">
          <Form.Group className="col-sm-4" controlId="compare-group-by">
            <Form.Label>Group by</Form.Label>
            <Form.Select
              value={groupBy}
              onChange={(event) => set({ groupBy: event.target.value, include: null })}
            >
              {factors.map((f) => (
                <option key={f} value={f}>
                  {COMPARE_FACTOR_LABELS[f]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group className="col-sm-4" controlId="compare-factor">
            <Form.Label>Second factor (two-way ANOVA)</Form.Label>
            <Form.Select value={factor} onChange={(event) => set({ factor: event.target.value })}>
              <option value="">None</option>
              {factors
                .filter((f) => f !== groupBy)
                .map((f) => (
                  <option key={f} value={f}>
                    {COMPARE_FACTOR_LABELS[f]}
                  </option>
                ))}
            </Form.Select>
          </Form.Group>
          <div className="col-sm-4">
            <Form.Check
              type="switch"
              id="compare-relative"
              label="Relative to the MMM (ED − MMM)"
              checked={relative}
              onChange={(event) => set({ relative: event.target.checked ? RELATIVE_TO_MMM : null })}
            />
            <Form.Check
              type="switch"
              id="compare-flagged"
              label="Include flagged values"
              aria-describedby="compare-flagged-help"
              checked={includeFlagged}
              onChange={(event) => set({ flagged: event.target.checked ? INCLUDE_FLAGGED : null })}
            />
            <Form.Text id="compare-flagged-help">
              Values flagged as untrustworthy (failed fits) are left out unless included.
            </Form.Text>
          </div>
        </div>
        {groupNames.length > 1 && (
          <GroupChoice
            names={groupNames}
            label={COMPARE_FACTOR_LABELS[groupBy]}
            included={include}
            onChange={(next) => set({ include: next })}
          />
        )}
      </Form>
      {!ready ? (
        <p>Choose one or more cart groups.</p>
      ) : compare.isPending || compare.isPlaceholderData ? (
        <div role="status" className="d-flex align-items-center gap-2">
          <Spinner animation="border" size="sm" /> Comparing…
        </div>
      ) : compare.isError ? (
        <Alert variant="warning">{compare.error.message}</Alert>
      ) : (
        <Results result={compare.data} hrefOf={hrefOf} />
      )}
    </Container>
  );
}
