import { DatasetsPage } from '@/features/datasets/components/datasets-page';

export { DatasetsPage as Component };
