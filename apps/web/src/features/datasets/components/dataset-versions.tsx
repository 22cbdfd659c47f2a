import { datasetPath, formatLongUsDate, type TDatasetDetail } from '@coral/core';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { changeSummaryLabel } from '../utils/dataset-labels';
import { SectionCard } from '@/components/section-card';
import { DatasetStateBadge } from '@/components/dataset-state-badge';

/** Every version the reader may see, each linking to its own (citable) page. */
export function DatasetVersions({ dataset }: { dataset: TDatasetDetail }) {
  const versions = [...dataset.versions].sort((a, b) => b.number - a.number);
  return (
    <SectionCard id="dataset-versions-title" title="Versions" flush>
      <Table responsive hover className="mb-0">
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">State</th>
            <th scope="col">Published</th>
            <th scope="col">Changes</th>
          </tr>
        </thead>
        <tbody>
          {versions.map((version) => {
            const current = version.number === dataset.version.number;
            return (
              <tr key={version.number} className={current ? 'table-active' : undefined}>
                <td>
                  <Link
                    to={datasetPath(dataset.id, version.number)}
                    aria-current={current ? 'page' : undefined}
                  >
                    Version {version.number}
                  </Link>
                  {current && <span className="visually-hidden"> (shown)</span>}
                </td>
                <td>
                  {/* A tombstone's versions are withdrawn with it, as the header's badge says. */}
                  <DatasetStateBadge
                    state={version.state}
                    withdrawn={dataset.withdrawal !== null}
                  />
                </td>
                <td>{version.published_at ? formatLongUsDate(version.published_at) : '—'}</td>
                <td>{changeSummaryLabel(version.change_summary)}</td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </SectionCard>
  );
}
