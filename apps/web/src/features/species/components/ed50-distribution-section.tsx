import type { TDistributionGroup } from '@coral/core';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { SectionCard } from '@/components/section-card';
import { DistributionPlot, type PlotRow } from './distribution-plot';
import { DistributionTable } from './distribution-table';

const MEASURES = [
  {
    key: 'absolute',
    heading: 'Absolute ED50',
    measure: 'ED50',
    axisLabel: 'ED50 (°C)',
  },
  {
    key: 'relative',
    heading: 'Relative ED50 (ED50 − MMM)',
    measure: 'ED50 − MMM',
    axisLabel: 'ED50 − maximum monthly mean (°C)',
  },
] as const;

/**
 * A species' ED50s grouped one way (by site, by condition): for the absolute and the relative
 * values, a box and strip plot with the table of its numbers beside it (below it on phones).
 */
export function Ed50DistributionSection({
  id,
  title,
  groupHeading,
  groups,
}: {
  id: string;
  title: string;
  /** The groups' column heading in the tables ("Site", "Condition"). */
  groupHeading: string;
  groups: readonly TDistributionGroup[];
}) {
  const colonyCounts = new Map(groups.map((g) => [g.key, g.colony_count]));
  return (
    <SectionCard id={id} title={title} count={groups.length}>
      {MEASURES.map(({ key, heading, measure, axisLabel }) => {
        const rows: PlotRow[] = groups.map((g) => ({
          key: g.key,
          label: g.label,
          distribution: g.ed50[key],
        }));
        const hasValues = rows.some((row) => row.distribution !== null);
        return (
          // Named with the card's grouping: both cards have an 'Absolute ED50' section, and two
          // landmarks of one name cannot be told apart.
          <section
            key={key}
            aria-label={`${heading} ${title.replace(/^ED50 /, '')}`}
            className="mb-3"
          >
            <h3 id={`${id}-${key}`} className="h6">
              {heading}
            </h3>
            {hasValues ? (
              <Row className="g-3 align-items-start">
                <Col xl={5}>
                  <DistributionPlot
                    title={`${heading} ${title.replace(/^ED50 /, '')}`}
                    measure={measure}
                    axisLabel={axisLabel}
                    rows={rows}
                  />
                </Col>
                <Col xl={7}>
                  <DistributionTable
                    label={`${heading} ${title.replace(/^ED50 /, '')}: numbers (°C)`}
                    groupHeading={groupHeading}
                    rows={rows}
                    colonyCounts={colonyCounts}
                  />
                </Col>
              </Row>
            ) : (
              <p className="text-body-secondary mb-0">No trustworthy {measure} value.</p>
            )}
          </section>
        );
      })}
    </SectionCard>
  );
}
