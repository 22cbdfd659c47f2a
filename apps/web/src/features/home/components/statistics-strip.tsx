import { formatDataAccess, formatStatisticCount } from '@coral/core';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { useStatistics, ZERO_STATISTICS } from '../api/get-statistics';

function Statistic({ value, label }: { value: string | null; label: string }) {
  return (
    <Col xs={6} md={3} className="text-center py-3">
      <div className="statistic-value display-6 fw-bold text-primary">
        {value ?? (
          <span className="statistic-placeholder" aria-hidden="true">
            •••
          </span>
        )}
      </div>
      <div className="text-body-secondary">{value === null ? 'Loading...' : label}</div>
    </Col>
  );
}

/**
 * Coral colonies, research projects, countries and data access (product-spec §2): placeholder dots
 * and 'Loading...' while loading, then the values, or zeros if the call failed.
 */
export function StatisticsStrip() {
  const { data, isError } = useStatistics();
  const statistics = data ?? (isError ? ZERO_STATISTICS : null);
  const show = (pick: (s: typeof ZERO_STATISTICS) => string) =>
    statistics ? pick(statistics) : null;
  return (
    <section className="statistics-strip border-bottom bg-body-tertiary" aria-label="Statistics">
      <Container>
        <Row aria-busy={statistics === null}>
          <Statistic
            label="Coral Colonies"
            value={show((s) => formatStatisticCount(s.coral_colonies))}
          />
          <Statistic
            label="Research Projects"
            value={show((s) => formatStatisticCount(s.research_projects))}
          />
          <Statistic label="Countries" value={show((s) => formatStatisticCount(s.countries))} />
          <Statistic
            label="Data Access"
            value={show((s) => formatDataAccess(s.data_access_24_7))}
          />
        </Row>
      </Container>
    </section>
  );
}
