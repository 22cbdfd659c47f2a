import { QualityFlagsPage } from '@/features/quality-flags/components/quality-flags-page';

export { QualityFlagsPage as Component };
