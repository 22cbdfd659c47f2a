import { ColonyPage } from '@/features/colony/components/colony-page';

export { ColonyPage as Component };
