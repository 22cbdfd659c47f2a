import { downloadFolders, formatLongUsDate, type TSnapshot } from '@coral/core';
import type { ReactNode } from 'react';
import { DownloadMenu } from '@/components/downloads/download-menu';
import { SectionCard } from '@/components/section-card';
import { SnapshotCitation } from './snapshot-citation';
import { SnapshotDatasets } from './snapshot-datasets';
import { SnapshotLicences } from './snapshot-licences';

const SOURCE_LABELS: Record<TSnapshot['source'], string> = {
  map: 'A map view',
  'cart-group': 'A research cart group',
};

/** What was frozen: enough to tell two snapshots apart and to check a download against it. */
function SnapshotFacts({ snapshot }: { snapshot: TSnapshot }) {
  const facts: [string, ReactNode][] = [
    ['Source', SOURCE_LABELS[snapshot.source]],
    [
      'Created',
      <time key="created" dateTime={snapshot.created_at} title={snapshot.created_at}>
        {formatLongUsDate(snapshot.created_at)}
      </time>,
    ],
    ['Data version', snapshot.data_version.toLocaleString('en-US')],
    ['Colonies', snapshot.colony_count.toLocaleString('en-US')],
    [
      'Content hash',
      <code key="hash" className="text-break">
        {snapshot.content_hash}
      </code>,
    ],
  ];
  return (
    <SectionCard id="snapshot-frozen-title" title="What was frozen">
      <p className="text-break">{snapshot.description}</p>
      <dl className="row mb-0">
        {facts.map(([term, value]) => (
          <div key={term} className="col-12 d-sm-flex">
            <dt className="me-2 flex-shrink-0">{term}:</dt>
            <dd className="mb-1 text-break">{value}</dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}

/**
 * A loaded snapshot: what was frozen, how to cite it, its licences, the dataset versions it draws
 * on, and its files (byte-identical however much data is published later).
 */
export function SnapshotDetail({ snapshot }: { snapshot: TSnapshot }) {
  return (
    <>
      <header className="mb-4">
        <h1 className="mb-2 text-break">Citable snapshot {snapshot.id}</h1>
        <DownloadMenu
          folder={downloadFolders.snapshot(snapshot.id)}
          label={`Download the colonies of snapshot ${snapshot.id}`}
        />
      </header>
      <SnapshotFacts snapshot={snapshot} />
      <SnapshotCitation snapshot={snapshot} />
      <SnapshotLicences licences={snapshot.licences} />
      <SnapshotDatasets datasets={snapshot.datasets} />
    </>
  );
}
