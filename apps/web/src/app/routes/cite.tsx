import { CitePage } from '@/features/datasets/components/cite-page';

export { CitePage as Component };
