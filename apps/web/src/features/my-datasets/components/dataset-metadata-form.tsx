import {
  DATASET_LIMITS,
  LICENCE_IDS,
  LICENCES,
  PAM_INSTRUMENTS,
  RAMP_HOLD_PROFILES,
  STANDARD_TIMEPOINT_MEANING,
  type LicenceId,
  type PamInstrument,
  type RampHoldProfile,
  type TDatasetMetadata,
} from '@coral/core';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useEffect, useState, type FormEvent } from 'react';
import { ExternalLink } from '@/components/external-link';
import {
  draftOf,
  emptyCreator,
  emptyPublication,
  emptyTimepoint,
  localToday,
  orcidProblem,
  toMetadata,
  type FieldErrors,
  type MetadataCheck,
  type MetadataDraft,
} from '../utils/metadata-draft';
import { SelectField, TextField } from './metadata-fields';

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

const RAMP_OPTIONS = Object.entries(RAMP_HOLD_PROFILES).map(([id, p]) => [id, p.label] as const);
const PAM_OPTIONS = Object.entries(PAM_INSTRUMENTS).map(([id, p]) => [id, p.label] as const);

/** An ORCID iD is checked while typed once it is long enough to be whole. */
const orcidLongEnough = (value: string) => value.replace(/[^0-9Xx]/g, '').length >= 16;

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

      {!descriptiveOnly && (
        <fieldset className="mb-3">
          <legend className="h6">Creators</legend>
          {errorOf('creators') && (
            <div className="text-danger small mb-2" role="alert">
              {errorOf('creators')}
            </div>
          )}
          {draft.creators.map((creator, index) => {
            const orcidPath = `creators.${index}.orcid`;
            const liveOrcid = orcidLongEnough(creator.orcid);
            const setCreator = (path: string, change: Partial<typeof creator>) =>
              update(path, (d) => ({
                ...d,
                creators: d.creators.map((c) => (c.key === creator.key ? { ...c, ...change } : c)),
              }));
            return (
              <Row key={creator.key} className="g-2 align-items-start" data-testid="creator-row">
                <Col md={4}>
                  <TextField
                    id={id(`creators.${index}.name`)}
                    label={`Creator ${index + 1}: name`}
                    value={creator.name}
                    maxLength={DATASET_LIMITS.creatorName}
                    onChange={(name) => setCreator(`creators.${index}.name`, { name })}
                    onBlur={touch(`creators.${index}.name`)}
                    error={errorOf(`creators.${index}.name`)}
                  />
                </Col>
                <Col md={4}>
                  <TextField
                    id={id(`creators.${index}.affiliation`)}
                    label={`Creator ${index + 1}: affiliation`}
                    value={creator.affiliation}
                    maxLength={DATASET_LIMITS.affiliation}
                    onChange={(affiliation) =>
                      setCreator(`creators.${index}.affiliation`, { affiliation })
                    }
                    error={errorOf(`creators.${index}.affiliation`)}
                  />
                </Col>
                <Col md={3}>
                  <TextField
                    id={id(orcidPath)}
                    label={`Creator ${index + 1}: ORCID iD`}
                    value={creator.orcid}
                    placeholder="0000-0002-1825-0097"
                    onChange={(orcid) => setCreator(orcidPath, { orcid })}
                    onBlur={touch(orcidPath)}
                    error={errorOf(orcidPath, liveOrcid)}
                    valid={
                      creator.orcid.trim() !== '' && orcidProblem(creator.orcid) === null
                        ? 'Valid ORCID iD'
                        : undefined
                    }
                  />
                </Col>
                <Col md={1} className="pt-md-4">
                  <Button
                    variant="outline-danger"
                    size="sm"
                    className="mt-md-2"
                    aria-label={`Remove creator ${index + 1}`}
                    onClick={() =>
                      update('creators', (d) => ({
                        ...d,
                        creators: d.creators.filter((c) => c.key !== creator.key),
                      }))
                    }
                  >
                    Remove
                  </Button>
                </Col>
              </Row>
            );
          })}
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={draft.creators.length >= DATASET_LIMITS.creators}
            onClick={() =>
              update('creators', (d) => ({ ...d, creators: [...d.creators, emptyCreator()] }))
            }
          >
            Add a creator
          </Button>
        </fieldset>
      )}

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

      <fieldset className="mb-3">
        <legend className="h6">Related publications</legend>
        {draft.publications.map((publication, index) => {
          const doiPath = `related_publications.${index}.doi`;
          const setPublication = (path: string, change: Partial<typeof publication>) =>
            update(path, (d) => ({
              ...d,
              publications: d.publications.map((p) =>
                p.key === publication.key ? { ...p, ...change } : p,
              ),
            }));
          return (
            <Row key={publication.key} className="g-2 align-items-start">
              <Col md={4}>
                <TextField
                  id={id(doiPath)}
                  label={`Publication ${index + 1}: DOI`}
                  value={publication.doi}
                  placeholder="10.1111/gcb.15148"
                  onChange={(doi) => setPublication(doiPath, { doi })}
                  onBlur={touch(doiPath)}
                  error={errorOf(doiPath)}
                />
              </Col>
              <Col md={7}>
                <TextField
                  id={id(`related_publications.${index}.title`)}
                  label={`Publication ${index + 1}: title (optional)`}
                  value={publication.title}
                  maxLength={DATASET_LIMITS.publicationTitle}
                  onChange={(title) =>
                    setPublication(`related_publications.${index}.title`, { title })
                  }
                  error={errorOf(`related_publications.${index}.title`)}
                />
              </Col>
              <Col md={1} className="pt-md-4">
                <Button
                  variant="outline-danger"
                  size="sm"
                  className="mt-md-2"
                  aria-label={`Remove publication ${index + 1}`}
                  onClick={() =>
                    update('related_publications', (d) => ({
                      ...d,
                      publications: d.publications.filter((p) => p.key !== publication.key),
                    }))
                  }
                >
                  Remove
                </Button>
              </Col>
            </Row>
          );
        })}
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={draft.publications.length >= DATASET_LIMITS.publications}
          onClick={() =>
            update('related_publications', (d) => ({
              ...d,
              publications: [...d.publications, emptyPublication()],
            }))
          }
        >
          Add a publication
        </Button>
      </fieldset>

      <TextField
        id={id('keywords')}
        label="Keywords"
        value={draft.keywords}
        onChange={(keywords) => update('keywords', (d) => ({ ...d, keywords }))}
        error={errorOf('keywords')}
        help={`Separated by commas, up to ${DATASET_LIMITS.keywords}.`}
      />

      {!descriptiveOnly && (
        <fieldset className="mb-3">
          <legend className="h6">Assay protocol</legend>
          <SelectField
            id={id('protocol.ramp_hold_profile')}
            label="Ramp and hold profile"
            value={draft.rampHoldProfile}
            options={RAMP_OPTIONS}
            onChange={(value) =>
              update('protocol.ramp_hold_profile', (d) => ({
                ...d,
                rampHoldProfile: value as RampHoldProfile | '',
              }))
            }
          />
          {draft.rampHoldProfile === 'other' && (
            <TextField
              id={id('protocol.ramp_hold_other')}
              label="Describe the ramp and hold profile"
              multiline
              value={draft.rampHoldOther}
              maxLength={DATASET_LIMITS.protocolText}
              onChange={(rampHoldOther) =>
                update('protocol.ramp_hold_other', (d) => ({ ...d, rampHoldOther }))
              }
              onBlur={touch('protocol.ramp_hold_other')}
              error={errorOf('protocol.ramp_hold_other')}
            />
          )}
          <Row className="g-2">
            <Col md={6}>
              <TextField
                id={id('protocol.hold_temperatures_c')}
                label="Hold temperatures (°C)"
                value={draft.holdTemperatures}
                placeholder="30, 33, 36, 39"
                onChange={(holdTemperatures) =>
                  update('protocol.hold_temperatures_c', (d) => ({ ...d, holdTemperatures }))
                }
                onBlur={touch('protocol.hold_temperatures_c')}
                error={errorOf('protocol.hold_temperatures_c')}
                help="Separated by commas."
              />
            </Col>
            <Col md={6}>
              <TextField
                id={id('protocol.hold_duration_minutes')}
                label="Hold duration (minutes)"
                type="number"
                value={draft.holdDuration}
                onChange={(holdDuration) =>
                  update('protocol.hold_duration_minutes', (d) => ({ ...d, holdDuration }))
                }
                onBlur={touch('protocol.hold_duration_minutes')}
                error={errorOf('protocol.hold_duration_minutes')}
              />
            </Col>
          </Row>
          <SelectField
            id={id('protocol.pam_instrument')}
            label="PAM instrument"
            value={draft.pamInstrument}
            options={PAM_OPTIONS}
            onChange={(value) =>
              update('protocol.pam_instrument', (d) => ({
                ...d,
                pamInstrument: value as PamInstrument | '',
              }))
            }
          />
          {draft.pamInstrument === 'other' && (
            <TextField
              id={id('protocol.pam_instrument_other')}
              label="Name the PAM instrument"
              value={draft.pamInstrumentOther}
              maxLength={DATASET_LIMITS.protocolText}
              onChange={(pamInstrumentOther) =>
                update('protocol.pam_instrument_other', (d) => ({ ...d, pamInstrumentOther }))
              }
              onBlur={touch('protocol.pam_instrument_other')}
              error={errorOf('protocol.pam_instrument_other')}
            />
          )}
          {draft.timepoints.map((timepoint, index) => {
            const setTimepoint = (path: string, change: Partial<typeof timepoint>) =>
              update(path, (d) => ({
                ...d,
                timepoints: d.timepoints.map((t) =>
                  t.key === timepoint.key ? { ...t, ...change } : t,
                ),
              }));
            return (
              <Row key={timepoint.key} className="g-2 align-items-start">
                <Col md={3}>
                  <TextField
                    id={id(`protocol.timepoints.${index}.timepoint`)}
                    label={`Timepoint ${index + 1}`}
                    value={timepoint.timepoint}
                    placeholder="420"
                    onChange={(value) =>
                      setTimepoint(`protocol.timepoints.${index}.timepoint`, { timepoint: value })
                    }
                    onBlur={touch(`protocol.timepoints.${index}.timepoint`)}
                    error={errorOf(`protocol.timepoints.${index}.timepoint`)}
                  />
                </Col>
                <Col md={8}>
                  <TextField
                    id={id(`protocol.timepoints.${index}.meaning`)}
                    label={`Timepoint ${index + 1}: meaning`}
                    value={timepoint.meaning}
                    placeholder={STANDARD_TIMEPOINT_MEANING}
                    onChange={(meaning) =>
                      setTimepoint(`protocol.timepoints.${index}.meaning`, { meaning })
                    }
                    onBlur={touch(`protocol.timepoints.${index}.meaning`)}
                    error={errorOf(`protocol.timepoints.${index}.meaning`)}
                  />
                </Col>
                <Col md={1} className="pt-md-4">
                  <Button
                    variant="outline-danger"
                    size="sm"
                    className="mt-md-2"
                    aria-label={`Remove timepoint ${index + 1}`}
                    onClick={() =>
                      update('protocol.timepoints', (d) => ({
                        ...d,
                        timepoints: d.timepoints.filter((t) => t.key !== timepoint.key),
                      }))
                    }
                  >
                    Remove
                  </Button>
                </Col>
              </Row>
            );
          })}
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={draft.timepoints.length >= DATASET_LIMITS.timepoints}
            onClick={() =>
              update('protocol.timepoints', (d) => ({
                ...d,
                timepoints: [...d.timepoints, emptyTimepoint()],
              }))
            }
          >
            Add a timepoint
          </Button>
        </fieldset>
      )}

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
