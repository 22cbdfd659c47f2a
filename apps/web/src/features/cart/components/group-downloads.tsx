import { downloadFolders, type TCartGroup } from '@coral/core';
import { CreateSnapshotButton } from '@/components/downloads/create-snapshot-button';
import { DownloadMenu } from '@/components/downloads/download-menu';

/**
 * A group's open downloads and its citable snapshot (decision 0015). A group made from a map view that
 * hid flagged values keeps hiding them here, so its files match what was added to the cart.
 */
export function GroupDownloads({ group }: { group: TCartGroup }) {
  const hideFlagged = group.filter_params.hideFlagged === true;
  return (
    <div className="d-flex flex-wrap align-items-start gap-2 mb-3">
      <DownloadMenu
        folder={downloadFolders.cartGroup(group.id)}
        query={hideFlagged ? 'hideFlagged=true' : ''}
        size="sm"
        label={`Download the colonies of group ${group.name}`}
      />
      <CreateSnapshotButton
        request={{ source: 'cart-group', group_id: group.id, hide_flagged: hideFlagged }}
        size="sm"
      />
    </div>
  );
}
