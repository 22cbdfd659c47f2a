import {
  colonyPath,
  entriesOfKind,
  formatCoordinates,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS_BY_LEVEL,
  type ThresholdKind,
  type TProjectColony,
  type TProjectDetail,
} from '@coral/core';
import { Link } from 'react-router';
import { SpeciesLink } from '@/components/entity-links';
import { ScrollableTable } from '@/components/scrollable-table';
import { SectionCard } from '@/components/section-card';
import {
  SortableHeader,
  useTableView,
  type RowView,
  type SortValue,
} from '@/components/table-view';
import { thresholdParts } from '../utils/threshold-summary';
import { ThresholdCell } from './threshold-cell';
import { TableSection } from './table-section';

/**
 * A long colony name ('Vatu-o-lalai_Acropora_hyacinthus_12') may break after its underscores,
 * only there (decision 0056): the table fits a 1400 px window, and a name still reads and copies
 * whole (a <wbr> adds no character).
 */
function BreakableName({ name }: { name: string }) {
  return name
    .split('_')
    .flatMap((part, index) => (index === 0 ? [part] : ['_', <wbr key={index} />, part]));
}

type ColonySortKey = 'name' | 'species' | 'country' | 'coordinates' | ThresholdKind;

/** A colony sorts by the first value of a kind (most colonies have one entry per kind). */
const firstValue = (kind: ThresholdKind) => (colony: TProjectColony) =>
  entriesOfKind(colony, kind)[0]?.abs ?? null;

const COLONY_VIEW: RowView<TProjectColony, ColonySortKey> = {
  searchText: (colony) =>
    [
      colony.name,
      colony.species,
      colony.country,
      ...THRESHOLD_KINDS_BY_LEVEL.flatMap((kind) =>
        thresholdParts(entriesOfKind(colony, kind)).map((part) => part.text),
      ),
    ].join(' '),
  sortValues: {
    name: (colony) => colony.name,
    species: (colony) => colony.species,
    country: (colony) => colony.country,
    coordinates: (colony) => colony.latitude,
    ...(Object.fromEntries(
      THRESHOLD_KINDS_BY_LEVEL.map((kind) => [kind, firstValue(kind)]),
    ) as Record<ThresholdKind, (colony: TProjectColony) => SortValue>),
  },
};

/**
 * Product-spec §2: the threshold columns run ED5, ED50, ED95 (by level), unlike the API's order.
 * Thresholds are absolute temperatures, so their headers carry °C.
 */
export function ProjectColonies({ colonies }: Pick<TProjectDetail, 'colonies'>) {
  const view = useTableView(colonies, COLONY_VIEW);
  return (
    <SectionCard flush id="colonies-title" title="Colonies" count={colonies.length}>
      <TableSection view={view} noun="colonies">
        <ScrollableTable
          label="Colonies table"
          striped
          size="sm"
          className="mb-0 align-middle small"
        >
          <thead>
            <tr>
              <SortableHeader view={view} sortKey="name">
                Colony Name
              </SortableHeader>
              <SortableHeader view={view} sortKey="species">
                Species
              </SortableHeader>
              <SortableHeader view={view} sortKey="country">
                Country
              </SortableHeader>
              <SortableHeader view={view} sortKey="coordinates">
                Coordinates
              </SortableHeader>
              {THRESHOLD_KINDS_BY_LEVEL.map((kind) => (
                <SortableHeader view={view} sortKey={kind} key={kind} wrap>
                  {THRESHOLD_KIND_INFO[kind].label} {THRESHOLD_KIND_INFO[kind].edLabel} (°C)
                </SortableHeader>
              ))}
            </tr>
          </thead>
          <tbody>
            {view.pageRows.map((colony) => (
              <tr key={colony.id}>
                <td className="table-name-cell">
                  {/* Named by the name itself: the break points are no part of it. */}
                  <Link to={colonyPath(colony.id)} aria-label={colony.name}>
                    <BreakableName name={colony.name} />
                  </Link>
                </td>
                <td className="table-name-cell">
                  <SpeciesLink species={colony.species} />
                </td>
                <td>{colony.country}</td>
                {/* May break after the comma: a coordinate itself has no break opportunity. */}
                <td>{formatCoordinates(colony.latitude, colony.longitude)}</td>
                {THRESHOLD_KINDS_BY_LEVEL.map((kind) => (
                  <ThresholdCell key={kind} parts={thresholdParts(entriesOfKind(colony, kind))} />
                ))}
              </tr>
            ))}
          </tbody>
        </ScrollableTable>
      </TableSection>
    </SectionCard>
  );
}
