import { MyDatasetsPage } from '@/features/my-datasets/components/my-datasets-page';

export { MyDatasetsPage as Component };
