import {
  CLIENT_ROUTES,
  downloadFolders,
  formatLongUsDate,
  formatOwner,
  type TProjectDetail,
} from '@coral/core';
import { Link } from 'react-router';
import { DownloadMenu } from '@/components/downloads/download-menu';
import { ArrowLeftIcon } from '@/components/icons';

export function BackToProjects({
  label = 'Back to Projects',
  variant = 'outline-secondary',
}: {
  label?: string;
  variant?: 'outline-secondary' | 'danger';
}) {
  return (
    <Link to={CLIENT_ROUTES.projects} className={`btn btn-${variant} btn-sm`}>
      <ArrowLeftIcon className="me-1" />
      {label}
    </Link>
  );
}

export function ProjectHeader({ project }: { project: TProjectDetail }) {
  return (
    <header className="mb-4">
      <BackToProjects />
      <h1 className="mt-3 mb-2 text-break">{project.name}</h1>
      <p className="text-body-secondary mb-0">
        <span className="me-3">Created: {formatLongUsDate(project.registration_date)}</span>
        <span>Owner: {formatOwner(project.owner)}</span>
      </p>
      {project.colonies.length > 0 && (
        <div className="mt-3">
          <DownloadMenu
            folder={downloadFolders.project(project.id)}
            size="sm"
            label={`Download the colonies of project ${project.name}`}
          />
        </div>
      )}
    </header>
  );
}
