import { HomePage } from '@/features/home/components/home-page';

export { HomePage as Component };
