import type { TProjectDetail } from '@coral/core';
import Card from 'react-bootstrap/Card';
import { ProjectColonies } from './project-colonies';
import { ProjectDatasets } from './project-datasets';
import { ProjectExperiments } from './project-experiments';
import { ProjectHeader } from './project-header';
import { ProjectObservations } from './project-observations';
import { ProjectPublications } from './project-publications';
import { ProjectSitesMap } from './project-sites-map';
import { ProjectSummary } from './project-summary';

/** A loaded project: each section only when it has rows (product-spec §2 Project detail). */
export function ProjectDetail({ project }: { project: TProjectDetail }) {
  const { publications, experiments, colonies, observations } = project;
  const hasData = experiments.length + colonies.length + observations.length > 0;
  return (
    <>
      <ProjectHeader project={project} />
      <ProjectDatasets projectId={project.id} />
      {publications.length > 0 && <ProjectPublications publications={publications} />}
      {experiments.length > 0 && <ProjectExperiments experiments={experiments} />}
      {colonies.length > 0 && <ProjectSitesMap project={project} />}
      {colonies.length > 0 && <ProjectSummary colonies={colonies} />}
      {colonies.length > 0 && <ProjectColonies colonies={colonies} />}
      {observations.length > 0 && <ProjectObservations observations={observations} />}
      {!hasData && (
        <Card className="text-center shadow-sm">
          <Card.Body className="py-5">
            <h2 className="h4">No Data Available</h2>
            <p className="text-body-secondary mb-0">
              This project has no experiments, colonies or observations yet.
            </p>
          </Card.Body>
        </Card>
      )}
    </>
  );
}
