import Form from 'react-bootstrap/Form';
import type { ReactNode } from 'react';

interface TextFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The message shown under the field (it also describes the input to screen readers). */
  error?: string | undefined;
  help?: ReactNode;
  /** A positive note (e.g. a valid ORCID iD), shown when there is no error. */
  valid?: string | undefined;
  type?: 'text' | 'date' | 'number';
  multiline?: boolean;
  maxLength?: number;
  placeholder?: string;
  disabled?: boolean;
  min?: string;
  className?: string;
}

/** One labelled input with its help and its error, linked for assistive technology. */
export function TextField({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  help,
  valid,
  type = 'text',
  multiline = false,
  maxLength,
  placeholder,
  disabled,
  min,
  className = 'mb-3',
}: TextFieldProps) {
  const describedBy = [help ? `${id}-help` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <Form.Group controlId={id} className={className}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...(multiline ? { as: 'textarea' as const, rows: 4 } : { type })}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        isValid={!error && Boolean(valid)}
        aria-describedby={describedBy || undefined}
        maxLength={maxLength}
        placeholder={placeholder}
        disabled={disabled}
        min={min}
      />
      {error && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      )}
      {!error && valid && <Form.Control.Feedback type="valid">{valid}</Form.Control.Feedback>}
      {help && (
        <Form.Text id={`${id}-help`} as="div">
          {help}
        </Form.Text>
      )}
    </Form.Group>
  );
}

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
  disabled?: boolean;
}

export function SelectField({ id, label, value, options, onChange, disabled }: SelectFieldProps) {
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      <Form.Select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
      >
        <option value="">Not stated</option>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
