import Spinner from 'react-bootstrap/Spinner';

/** A spinner with its text; the text is what the spec names ('Loading projects...'). */
export function Loading({ text, className = '' }: { text: string; className?: string }) {
  return (
    <div role="status" className={`d-flex align-items-center gap-2 py-4 ${className}`}>
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
