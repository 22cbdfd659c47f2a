import { SnapshotPage } from '@/features/snapshots/components/snapshot-page';

export { SnapshotPage as Component };
