import { UPLOAD_FILE_ACCEPT } from '@coral/core';
import Form from 'react-bootstrap/Form';
import type { ReactNode } from 'react';
import { formatKilobytes } from '../utils/upload-files';

interface FilePickerProps {
  id: string;
  label: string;
  file: File | null;
  disabled: boolean;
  onChoose: (file: File | null) => void;
  help?: ReactNode;
}

/**
 * One of the two pickers (product-spec §2): the registered file types only (CSV); shows the chosen
 * file's name and size in KB.
 */
export function FilePicker({ id, label, file, disabled, onChoose, help }: FilePickerProps) {
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label className="fw-semibold">{label}</Form.Label>
      <Form.Control
        type="file"
        accept={UPLOAD_FILE_ACCEPT}
        disabled={disabled}
        onChange={(event) => onChoose((event.target as HTMLInputElement).files?.[0] ?? null)}
      />
      {file && (
        <Form.Text as="div" className="mt-1" data-testid={`${id}-chosen`}>
          {file.name} ({formatKilobytes(file.size)})
        </Form.Text>
      )}
      {help && (
        <Form.Text as="div" className="mt-1">
          {help}
        </Form.Text>
      )}
    </Form.Group>
  );
}
