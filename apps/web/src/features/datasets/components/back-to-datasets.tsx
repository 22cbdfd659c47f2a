import { CLIENT_ROUTES } from '@coral/core';
import { Link } from 'react-router';
import { ArrowLeftIcon } from '@/components/icons';

export function BackToDatasets({ label = 'Back to Datasets' }: { label?: string }) {
  return (
    <Link to={CLIENT_ROUTES.datasets} className="btn btn-outline-secondary btn-sm">
      <ArrowLeftIcon className="me-1" />
      {label}
    </Link>
  );
}
