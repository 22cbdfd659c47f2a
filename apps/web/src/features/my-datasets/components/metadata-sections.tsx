import {
  DATASET_LIMITS,
  PAM_INSTRUMENTS,
  RAMP_HOLD_PROFILES,
  STANDARD_TIMEPOINT_MEANING,
  type PamInstrument,
  type RampHoldProfile,
} from '@coral/core';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import {
  emptyCreator,
  emptyPublication,
  emptyTimepoint,
  orcidProblem,
  type MetadataDraft,
} from '../utils/metadata-draft';
import { SelectField, TextField } from './metadata-fields';

/** What a section of the metadata form works with (the form owns the state). */
export interface FormParts {
  draft: MetadataDraft;
  /** The input id of a field path. */
  id: (path: string) => string;
  /** Marks a field as left (its message may show). */
  touch: (path: string) => () => void;
  /** The message to show for a field; `live`: show it even before the field was left. */
  errorOf: (path: string, live?: boolean) => string | undefined;
  update: (path: string, change: (draft: MetadataDraft) => MetadataDraft) => void;
}

const RAMP_OPTIONS = Object.entries(RAMP_HOLD_PROFILES).map(([id, p]) => [id, p.label] as const);
const PAM_OPTIONS = Object.entries(PAM_INSTRUMENTS).map(([id, p]) => [id, p.label] as const);

/** An ORCID iD is checked while typed once it is long enough to be whole. */
const orcidLongEnough = (value: string) => value.replace(/[^0-9Xx]/g, '').length >= 16;

/** Creators: repeatable rows of name, affiliation and ORCID iD (checked with its check digit). */
export function CreatorsFieldset({ draft, id, touch, errorOf, update }: FormParts) {
  return (
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
            <Col md={3}>
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
            <Col md={3}>
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
            <Col md={5}>
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
              <RemoveRowButton
                label={`Remove creator ${index + 1}`}
                onClick={() =>
                  update('creators', (d) => ({
                    ...d,
                    creators: d.creators.filter((c) => c.key !== creator.key),
                  }))
                }
              />
            </Col>
          </Row>
        );
      })}
      <AddRowButton
        label="Add a creator"
        disabled={draft.creators.length >= DATASET_LIMITS.creators}
        onClick={() =>
          update('creators', (d) => ({ ...d, creators: [...d.creators, emptyCreator()] }))
        }
      />
    </fieldset>
  );
}

/** Related publications: repeatable rows of DOI (syntax-checked) and optional title. */
export function PublicationsFieldset({ draft, id, touch, errorOf, update }: FormParts) {
  return (
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
              <RemoveRowButton
                label={`Remove publication ${index + 1}`}
                onClick={() =>
                  update('related_publications', (d) => ({
                    ...d,
                    publications: d.publications.filter((p) => p.key !== publication.key),
                  }))
                }
              />
            </Col>
          </Row>
        );
      })}
      <AddRowButton
        label="Add a publication"
        disabled={draft.publications.length >= DATASET_LIMITS.publications}
        onClick={() =>
          update('related_publications', (d) => ({
            ...d,
            publications: [...d.publications, emptyPublication()],
          }))
        }
      />
    </fieldset>
  );
}

/** The assay protocol as controlled choices with "other" (core's protocol registry). */
export function ProtocolFieldset({ draft, id, touch, errorOf, update }: FormParts) {
  return (
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
              <RemoveRowButton
                label={`Remove timepoint ${index + 1}`}
                onClick={() =>
                  update('protocol.timepoints', (d) => ({
                    ...d,
                    timepoints: d.timepoints.filter((t) => t.key !== timepoint.key),
                  }))
                }
              />
            </Col>
          </Row>
        );
      })}
      <AddRowButton
        label="Add a timepoint"
        disabled={draft.timepoints.length >= DATASET_LIMITS.timepoints}
        onClick={() =>
          update('protocol.timepoints', (d) => ({
            ...d,
            timepoints: [...d.timepoints, emptyTimepoint()],
          }))
        }
      />
    </fieldset>
  );
}

/** The button that removes one row of a repeatable field (creator, publication, timepoint). */
function RemoveRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      variant="outline-danger"
      size="sm"
      className="mt-md-2"
      aria-label={label}
      onClick={onClick}
    >
      Remove
    </Button>
  );
}

/** The button that adds a row to a repeatable field, disabled at the field's limit. */
function AddRowButton({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button variant="outline-secondary" size="sm" disabled={disabled} onClick={onClick}>
      {label}
    </Button>
  );
}
