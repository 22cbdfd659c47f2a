import { UploadsPage } from '@/features/upload/components/uploads-page';

export { UploadsPage as Component };
