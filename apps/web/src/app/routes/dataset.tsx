import { DatasetPage } from '@/features/datasets/components/dataset-page';

export { DatasetPage as Component };
