import { datasetPath, type TDraftColony } from '@coral/core';
import { useLayoutEffect } from 'react';
import { Link } from 'react-router';
import { ColonyDetails } from './colony-popup';

/** Which dataset version a draft colony belongs to, linking to that version's page. */
export function DraftLine({ dataset }: { dataset: TDraftColony['dataset'] }) {
  return (
    <p className="mb-1">
      <Link to={datasetPath(dataset.id, dataset.version)}>
        Draft: {dataset.title || `Dataset ${dataset.id}`} (version {dataset.version})
      </Link>
    </p>
  );
}

/** The popup of a draft marker: each draft colony at that place with its dataset version. */
export function DraftColonyPopup({
  drafts,
  onResize,
}: {
  drafts: readonly TDraftColony[];
  onResize?: () => void;
}) {
  useLayoutEffect(() => onResize?.(), [onResize]);
  return (
    <div
      className="colony-popup"
      tabIndex={0}
      role="group"
      aria-label={
        drafts.length === 1 ? `Draft ${drafts[0]!.name}` : `${drafts.length} draft colonies`
      }
    >
      {drafts.map((draft) => (
        <div key={draft.id} className="mb-2">
          <DraftLine dataset={draft.dataset} />
          <ColonyDetails colony={draft} />
        </div>
      ))}
    </div>
  );
}
