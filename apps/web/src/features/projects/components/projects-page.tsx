import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Loading } from '@/components/loading';
import { PageTitle } from '@/components/page-title';
import { useProjects } from '../api/get-projects';
import { ProjectCard } from './project-card';

/** /projects (product-spec §2): a card grid, 3 per row on wide screens. */
export function ProjectsPage() {
  const { data: projects = [], isPending } = useProjects();
  return (
    <Container className="py-4">
      <PageTitle title="Projects" />
      <h1 className="mb-4">Coral Research Projects</h1>
      {isPending ? (
        <Loading text="Loading projects..." />
      ) : projects.length === 0 ? (
        <div className="text-center py-5">
          <h2 className="h4">No Projects Available</h2>
          <p className="text-body-secondary">There are no research projects to show yet.</p>
        </div>
      ) : (
        <Row xs={1} md={2} lg={3} className="g-4">
          {projects.map((project) => (
            <Col key={project.id}>
              <ProjectCard project={project} />
            </Col>
          ))}
        </Row>
      )}
    </Container>
  );
}
