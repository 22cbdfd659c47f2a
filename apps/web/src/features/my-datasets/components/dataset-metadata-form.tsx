import {
  DATASET_LIMITS,
  LICENCE_IDS,
  LICENCES,
  type LicenceId,
  type TDatasetMetadata,
} from '@coral/core';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useEffect, useState, type FormEvent } from 'react';
import { ExternalLink } from '@/components/external-link';
import {
  draftOf,
  localToday,
  toMetadata,
  type FieldErrors,
  type MetadataCheck,
  type MetadataDraft,
} from '../utils/metadata-draft';
import { TextField } from './metadata-fields';
import {
  CreatorsFieldset,
  ProtocolFieldset,
  PublicationsFieldset,
  type FormParts,
} from './metadata-sections';

export interface DatasetMetadataFormProps {
  /** Prefix of the inputs' ids (two forms on one page stay distinct). */
  idPrefix: string;
  initial?: TDatasetMetadata | null;
  /** A published version: only title, description, publications and keywords. */
  descriptiveOnly?: boolean;
  /** Messages of the server's last 400 answer, by field path. */
  serverErrors?: FieldErrors;
  busy?: boolean;
  /** Every change: the metadata as it would be sent (null while a field is wrong). */
  onChange?: (check: MetadataCheck) => void;
  /** With it, the form has a Save button. */
  onSave?: (metadata: TDatasetMetadata) => void;
  /** With it, also "Save and submit for review" (which first requires what review needs). */
  onSaveAndSubmit?: (metadata: TDatasetMetadata) => void;
  onCancel?: () => void;
}

/** One object for "no server messages" (a fresh `{}` per render would look like new messages). */
const NO_ERRORS: FieldErrors = {};

/**
 * The description of a dataset version (docs/decisions/0012-datasets.md, "Metadata"): what the
 * upload page sends with the files and what My datasets edits. ORCID iDs and DOIs are checked as
 * they are typed with core's validators; a field's message appears once the field was left, or
 * after a save; the server's messages appear next to the field they name.
 */
export function DatasetMetadataForm({
  idPrefix,
  initial,
  descriptiveOnly = false,
  serverErrors = NO_ERRORS,
  busy = false,
  onChange,
  onSave,
  onSaveAndSubmit,
  onCancel,
}: DatasetMetadataFormProps) {
  const [draft, setDraft] = useState<MetadataDraft>(() => draftOf(initial));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempt, setAttempt] = useState<'save' | 'submit' | null>(null);
  // A server message stays until its field is edited.
  const [editedSinceServer, setEditedSinceServer] = useState<ReadonlySet<string>>(new Set());
  const [seenServerErrors, setSeenServerErrors] = useState(serverErrors);
  if (seenServerErrors !== serverErrors) {
    setSeenServerErrors(serverErrors);
    setEditedSinceServer(new Set());
  }

  const today = localToday();
  const check = toMetadata(draft, { descriptiveOnly, forSubmission: attempt === 'submit', today });
  const plainCheck = toMetadata(draft, { descriptiveOnly, today });

  useEffect(() => {
    onChange?.(plainCheck);
    // Report when the draft changes, not when the parent re-renders with a new callback.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft]);

  const id = (path: string) => `${idPrefix}-${path.replaceAll('.', '-')}`;
  const touch = (path: string) => () =>
    setTouched((before) => (before.has(path) ? before : new Set(before).add(path)));
  const errorOf = (path: string, live = false): string | undefined => {
    const local = check.errors[path];
    if (local && (attempt !== null || touched.has(path) || live)) return local;
    if (editedSinceServer.has(path)) return undefined;
    // A list typed in one field (keywords, temperatures) hears about its items: `keywords.0`.
    const item = Object.keys(serverErrors).find(
      (key) => key.startsWith(`${path}.`) && /^\d+$/.test(key.slice(path.length + 1)),
    );
    return serverErrors[path] ?? (item === undefined ? undefined : serverErrors[item]);
  };
  const update = (path: string, change: (d: MetadataDraft) => MetadataDraft) => {
    setDraft(change);
    setEditedSinceServer((before) => new Set(before).add(path));
  };

  const submit = (mode: 'save' | 'submit') => (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setAttempt(mode);
    const result = toMetadata(draft, { descriptiveOnly, forSubmission: mode === 'submit', today });
    if (!result.metadata) return;
    if (mode === 'submit') onSaveAndSubmit?.(result.metadata);
    else onSave?.(result.metadata);
  };

  const parts: FormParts = { draft, id, touch, errorOf, update };
  const problems = attempt !== null ? Object.keys(check.errors).length : 0;

  return (
    <Form
      noValidate
      onSubmit={onSave ? submit('save') : (event) => event.preventDefault()}
      aria-label="Dataset description"
    >
      {problems > 0 && (
        <Alert variant="danger" role="alert">
          {problems === 1
            ? 'One field needs your attention.'
            : `${problems} fields need your attention.`}{' '}
          The messages are next to them.
        </Alert>
      )}
      {descriptiveOnly && (
        <p className="text-body-secondary">
          This version is published: only its title, description, related publications and keywords
          can change (each change is recorded). Upload a new version to change the rest.
        </p>
      )}

      <TextField
        id={id('title')}
        label="Title"
        value={draft.title}
        maxLength={DATASET_LIMITS.title}
        onChange={(title) => update('title', (d) => ({ ...d, title }))}
        onBlur={touch('title')}
        error={errorOf('title')}
      />
      <TextField
        id={id('description')}
        label="Description"
        multiline
        value={draft.description}
        maxLength={DATASET_LIMITS.description}
        onChange={(description) => update('description', (d) => ({ ...d, description }))}
        onBlur={touch('description')}
        error={errorOf('description')}
        help="What was measured, where and why; what a reader needs to reuse the data."
      />

      {!descriptiveOnly && <CreatorsFieldset {...parts} />}

      {!descriptiveOnly && (
        <fieldset
          className="mb-3"
          aria-describedby={errorOf('licence') ? id('licence-error') : undefined}
        >
          <legend className="h6">Licence</legend>
          {LICENCE_IDS.map((licenceId: LicenceId) => {
            const licence = LICENCES[licenceId];
            return (
              <div key={licenceId} className="mb-2">
                <Form.Check
                  type="radio"
                  id={id(`licence-${licenceId}`)}
                  name={id('licence')}
                  checked={draft.licence === licenceId}
                  isInvalid={Boolean(errorOf('licence'))}
                  onChange={() => update('licence', (d) => ({ ...d, licence: licenceId }))}
                  label={`${licence.shortName} — ${licence.name}`}
                />
                <div className="form-text ms-4">
                  {licence.plain} <ExternalLink href={licence.url}>Read the licence</ExternalLink>
                </div>
              </div>
            );
          })}
          {errorOf('licence') && (
            <div className="text-danger small" id={id('licence-error')} role="alert">
              {errorOf('licence')}
            </div>
          )}
          <Form.Text as="div">
            Required before review. These are the licences GBIF and OBIS accept, so the data can be
            shared there too.
          </Form.Text>
        </fieldset>
      )}

      <PublicationsFieldset {...parts} />

      <TextField
        id={id('keywords')}
        label="Keywords"
        value={draft.keywords}
        onChange={(keywords) => update('keywords', (d) => ({ ...d, keywords }))}
        error={errorOf('keywords')}
        help={`Separated by commas, up to ${DATASET_LIMITS.keywords}.`}
      />

      {!descriptiveOnly && <ProtocolFieldset {...parts} />}

      {!descriptiveOnly && (
        <TextField
          id={id('embargo_until')}
          label="Embargo until (optional)"
          type="date"
          min={today}
          value={draft.embargoUntil}
          onChange={(embargoUntil) => update('embargo_until', (d) => ({ ...d, embargoUntil }))}
          onBlur={touch('embargo_until')}
          error={errorOf('embargo_until', draft.embargoUntil !== '')}
          help="Until this date the description is public but the data stay hidden."
        />
      )}

      {(onSave || onSaveAndSubmit) && (
        <div className="d-flex flex-wrap gap-2">
          {onSave && (
            <Button type="submit" variant="primary" disabled={busy}>
              {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              Save
            </Button>
          )}
          {onSaveAndSubmit && (
            <Button variant="success" disabled={busy} onClick={() => submit('submit')()}>
              Save and submit for review
            </Button>
          )}
          {onCancel && (
            <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          )}
        </div>
      )}
    </Form>
  );
}
