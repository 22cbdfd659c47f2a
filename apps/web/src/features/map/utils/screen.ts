/** Bootstrap's "xs" screens (phones): the map then folds its sidebar and its legend. */
export const NARROW_SCREEN = '(max-width: 575.98px)';

export const isNarrowScreen = (): boolean => window.matchMedia?.(NARROW_SCREEN).matches ?? false;
