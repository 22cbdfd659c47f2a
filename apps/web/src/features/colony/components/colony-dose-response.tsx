import {
  CLIENT_ROUTES,
  formatCelsius,
  THRESHOLD_KINDS_BY_LEVEL,
  THRESHOLD_KIND_INFO,
  type TColonyPage,
} from '@coral/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ChartLegend, useElementWidth, type LegendItem } from '@/components/charts';
import { ScrollableTable } from '@/components/scrollable-table';
import { SectionCard } from '@/components/section-card';
import { differs, refitColony, type RefitSeries } from '../utils/refit';
import { DoseResponsePlot, PLOT_COLORS } from './dose-response-plot';

const LEGEND: readonly LegendItem[] = [
  { label: 'PAM measurement', color: PLOT_COLORS.points, shape: 'dot' },
  { label: 'Refitted curve', color: PLOT_COLORS.curve, shape: 'line' },
  ...THRESHOLD_KINDS_BY_LEVEL.map((kind) => ({
    label: `Refitted ${THRESHOLD_KIND_INFO[kind].edLabel}`,
    color: THRESHOLD_KIND_INFO[kind].color,
    shape: 'dashed' as const,
  })),
];

/** Stored and refitted value of each kind; a difference a reader could see is marked. */
function StoredVersusRefit({ series }: { series: RefitSeries }) {
  return (
    <ScrollableTable
      label={`Stored and refitted values, ${series.label}`}
      size="sm"
      className="mb-2"
    >
      <thead>
        <tr>
          <th scope="col">Threshold</th>
          <th scope="col">Stored</th>
          <th scope="col">Refit</th>
        </tr>
      </thead>
      <tbody>
        {THRESHOLD_KINDS_BY_LEVEL.map((kind) => {
          const stored = series.stored[kind];
          const refit = series.refit[kind];
          const different = stored !== null && differs(stored, refit);
          return (
            <tr key={kind} data-testid={`refit-${kind}`}>
              <th scope="row">{THRESHOLD_KIND_INFO[kind].edLabel}</th>
              <td>{formatCelsius(stored)}</td>
              <td>
                {refit === null ? 'not estimable' : formatCelsius(refit)}
                {different && (
                  <span className="badge text-bg-info fw-normal ms-2">differs from stored</span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </ScrollableTable>
  );
}

function ObservationTable({ colony }: { colony: TColonyPage }) {
  return (
    <details className="mt-2">
      <summary>All {colony.observations.length} observations as a table</summary>
      <ScrollableTable label="PAM observations of this colony" size="sm" className="mt-2 mb-0">
        <thead>
          <tr>
            <th scope="col">Biosample</th>
            <th scope="col">Condition</th>
            <th scope="col">Timepoint</th>
            <th scope="col">Temperature</th>
            <th scope="col">PAM (Fv/Fm)</th>
          </tr>
        </thead>
        <tbody>
          {colony.observations.map((o) => (
            <tr key={o.id}>
              <td className="text-break">{o.biosample.name}</td>
              <td>{o.condition ?? 'N/A'}</td>
              <td>{o.timepoint ?? 'N/A'}</td>
              <td>{formatCelsius(o.temperature)}</td>
              <td>{o.pam_value ?? 'N/A'}</td>
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
    </details>
  );
}

/**
 * The colony's raw PAM observations, one dose-response plot per assay (condition × timepoint),
 * refitted in the browser with the calculator's engine, and beside each the stored thresholds
 * and the refit's, so a reader sees the curve behind a value and where the two differ.
 */
export function ColonyDoseResponse({ colony }: { colony: TColonyPage }) {
  const series = useMemo(() => refitColony(colony), [colony]);
  const [measure, width] = useElementWidth<HTMLDivElement>(560);
  return (
    <SectionCard id="colony-observations-title" title="PAM observations and refitted curves">
      {series.length === 0 ? (
        <p className="mb-0">No PAM observations are stored for this colony.</p>
      ) : (
        <>
          <p className="small">
            Each assay's measurements refitted with the same CBASSED50 fit as the{' '}
            <Link to={CLIENT_ROUTES.ed50}>ED calculator</Link>, next to the values stored with the
            dataset (from its own analysis). Where the two differ as printed, the refit is marked;
            the stored value is never replaced.
          </p>
          <ChartLegend items={LEGEND} label="Plot legend" />
          <div ref={measure}>
            {series.map((s) => (
              <section
                key={s.label}
                className="mb-4"
                data-testid="assay"
                aria-label={`Assay ${s.label}`}
              >
                <h3 className="h6">{s.label}</h3>
                <DoseResponsePlot series={s} width={Math.min(width, 720)} />
                <StoredVersusRefit series={s} />
                {s.notes.length > 0 && (
                  <ul className="small text-body-secondary">
                    {s.notes.map((note) => (
                      <li key={note.code + note.message}>{note.message}</li>
                    ))}
                  </ul>
                )}
              </section>
            ))}
          </div>
          <ObservationTable colony={colony} />
        </>
      )}
    </SectionCard>
  );
}
