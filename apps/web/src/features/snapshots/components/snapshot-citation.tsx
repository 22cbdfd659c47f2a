import { snapshotDataCitePath, type TSnapshot } from '@coral/core';
import { CopyButton } from '@/components/copy-button';
import { SectionCard } from '@/components/section-card';

/** The recommended citation of the snapshot, with a copy button and its DataCite JSON. */
export function SnapshotCitation({ snapshot }: { snapshot: TSnapshot }) {
  return (
    <SectionCard id="snapshot-citation-title" title="How to cite">
      <blockquote className="border-start border-4 ps-3 mb-3 text-break">
        {snapshot.citation}
      </blockquote>
      <CopyButton text={snapshot.citation} what="Citation" />
      <p className="mt-3 mb-0 small">
        <a href={snapshotDataCitePath(snapshot.id)} download>
          DataCite JSON
        </a>{' '}
        · Cite the datasets below as well: each one&apos;s licence asks for it.
      </p>
    </SectionCard>
  );
}
