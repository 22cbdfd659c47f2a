import type { FilterSet } from '@coral/core';
import { downloadFolders } from '@coral/core';
import { CreateSnapshotButton } from '@/components/downloads/create-snapshot-button';
import { DownloadMenu } from '@/components/downloads/download-menu';
import { filterSearch } from '../hooks/use-url-filters';

/**
 * The map view's downloads and its citable snapshot (decision 0015): both take the applied filter
 * exactly as the map's address holds it, so a file, a snapshot and a shared link agree.
 */
export function MapDownloads({ filters }: { filters: FilterSet }) {
  const query = filterSearch(filters).slice(1);
  return (
    <div className="map-downloads">
      <DownloadMenu
        folder={downloadFolders.map()}
        query={query}
        size="sm"
        label="Download the colonies on the map"
      />
      <CreateSnapshotButton request={{ source: 'map', query }} size="sm" />
    </div>
  );
}
