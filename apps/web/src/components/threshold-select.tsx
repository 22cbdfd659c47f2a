import { THRESHOLD_KIND_INFO, THRESHOLD_KINDS_BY_LEVEL, type ThresholdKind } from '@coral/core';
import Form from 'react-bootstrap/Form';
import { useId } from 'react';

/** A small labelled select of the threshold kinds (ED5, ED50, ED95), in the order of their level. */
export function ThresholdSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: ThresholdKind;
  onChange: (kind: ThresholdKind) => void;
}) {
  const id = useId();
  return (
    <Form.Group className="mb-2 d-flex align-items-center gap-2" controlId={id}>
      <Form.Label className="mb-0">{label}</Form.Label>
      <Form.Select
        size="sm"
        className="w-auto"
        value={value}
        onChange={(event) => onChange(event.target.value as ThresholdKind)}
      >
        {THRESHOLD_KINDS_BY_LEVEL.map((kind) => (
          <option key={kind} value={kind}>
            {THRESHOLD_KIND_INFO[kind].edLabel}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
