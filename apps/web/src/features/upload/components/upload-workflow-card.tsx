import { CLIENT_ROUTES } from '@coral/core';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';

export const WORKFLOW_TITLE = 'Upload Workflow';

/** Product-spec §2 Upload: the left card with the three steps; the calculator is our ED50 page. */
export function UploadWorkflowCard() {
  return (
    <Card className="h-100">
      <Card.Header as="h2" className="h5">
        {WORKFLOW_TITLE}
      </Card.Header>
      <Card.Body>
        <ol className="mb-3 ps-3">
          <li className="mb-2">
            Calculate ED50 values in the <Link to={CLIENT_ROUTES.ed50}>ED50 calculator</Link>, using
            a CSV with Site, Condition, Species, Timepoint and PAM values.
          </li>
          <li className="mb-2">
            Download <code>ED50_Results.csv</code>.
          </li>
          <li>Upload both files.</li>
        </ol>
        <p className="small text-body-secondary mb-0">
          The main data file can be the raw CBASS sheet you gave the calculator, or a sheet in the
          standard layout (Project.name … Publication.doi). A standard sheet with its ED50 values in
          the Colony.ed50 column needs no second file. Files are checked, quality-controlled and
          imported in the background; follow them in{' '}
          <Link to={CLIENT_ROUTES.uploads}>My uploads</Link>.
        </p>
      </Card.Body>
    </Card>
  );
}
