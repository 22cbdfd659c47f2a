import Form from 'react-bootstrap/Form';

interface IncludeDraftsProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  status: 'loading' | 'error' | 'ready';
  count: number;
}

/**
 * "Include my drafts" (signed-in users): the colonies of their own versions in preparation, drawn
 * with hollow dashed markers next to the public ones. Drafts are not filtered: the filters
 * describe published data.
 */
export function IncludeDrafts({ checked, onChange, status, count }: IncludeDraftsProps) {
  return (
    <div className="mb-3">
      <Form.Check
        id="map-include-drafts"
        label="Include my drafts"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby="map-include-drafts-status"
      />
      <div id="map-include-drafts-status" role="status" className="form-text mt-0">
        {checked && status === 'loading' && 'Loading your drafts...'}
        {checked && status === 'error' && 'Your drafts could not be loaded.'}
        {checked &&
          status === 'ready' &&
          (count === 0
            ? 'You have no colonies in draft datasets.'
            : `${count.toLocaleString('en-US')} draft ${count === 1 ? 'colony' : 'colonies'} shown with dashed markers (not filtered).`)}
      </div>
    </div>
  );
}
