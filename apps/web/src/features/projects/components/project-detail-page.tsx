import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { useParams } from 'react-router';
import { Loading } from '@/components/loading';
import { PageTitle } from '@/components/page-title';
import { isApiError } from '@/lib/http';
import { useProject } from '../api/get-project';
import { BackToProjects } from './project-header';
import { ProjectDetail } from './project-detail';

/** /project/{projectId}: loading, then the project, an error, or not found (product-spec §4). */
export function ProjectDetailPage() {
  const { projectId = '' } = useParams();
  const { data: project, error, isPending } = useProject(projectId);

  let content;
  if (isPending) {
    content = <Loading text="Loading project details..." />;
  } else if (isApiError(error, 404)) {
    content = (
      <div className="text-center py-5">
        <PageTitle title="Project Not Found" />
        <h1 className="h2">Project Not Found</h1>
        <p className="text-body-secondary">There is no project with the id {projectId}.</p>
        <BackToProjects />
      </div>
    );
  } else if (error) {
    content = (
      <Alert variant="danger" className="my-4">
        <PageTitle title="Error Loading Project" />
        <h1 className="h4 alert-heading">Error Loading Project</h1>
        <p>{error.message}</p>
        <BackToProjects label="Back" variant="danger" />
      </Alert>
    );
  } else {
    content = (
      <>
        <PageTitle title={project.name} />
        <ProjectDetail project={project} />
      </>
    );
  }

  return (
    <Container className="py-4">
      {isPending && <PageTitle title="Project" />}
      {content}
    </Container>
  );
}
