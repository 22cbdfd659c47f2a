import { ProjectsPage } from '@/features/projects/components/projects-page';

export { ProjectsPage as Component };
