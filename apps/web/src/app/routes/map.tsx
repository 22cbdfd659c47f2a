import { MapPage } from '@/features/map/components/map-page';

export { MapPage as Component };
