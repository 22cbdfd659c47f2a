import { ReviewPage } from '@/features/review/components/review-page';

export { ReviewPage as Component };
