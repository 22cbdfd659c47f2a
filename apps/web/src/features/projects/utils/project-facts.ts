import { formatLongUsDate, type TProjectListItem } from '@coral/core';

/** At most `max` names, then '+N more' (a card has room for a few names only). */
export function namesWithMore(names: readonly string[], max = 3): string {
  if (names.length <= max) return names.join(', ');
  return `${names.slice(0, max).join(', ')} +${names.length - max} more`;
}

/** 'May 22, 2222 – May 25, 2222', one date when both are the same, '' when none is dated. */
export function experimentDateRange(dates: TProjectListItem['experiment_dates']): string {
  if (dates === null) return '';
  const first = formatLongUsDate(dates.first);
  return dates.first === dates.last ? first : `${first} – ${formatLongUsDate(dates.last)}`;
}

/**
 * The lines that tell same-named projects apart on their cards (decision 0017): label and
 * text, only those with something to say.
 */
export function projectFacts(project: TProjectListItem): { label: string; text: string }[] {
  const facts = [
    { label: 'Sites', text: namesWithMore(project.sites) },
    { label: 'Countries', text: namesWithMore(project.countries) },
    { label: 'Species', text: namesWithMore(project.species, 2) },
    { label: 'Colonies', text: project.colony_count > 0 ? String(project.colony_count) : '' },
    { label: 'Assays', text: experimentDateRange(project.experiment_dates) },
  ];
  return facts.filter((fact) => fact.text !== '');
}
