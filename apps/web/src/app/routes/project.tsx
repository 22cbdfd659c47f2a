import { ProjectDetailPage } from '@/features/projects/components/project-detail-page';

export { ProjectDetailPage as Component };
