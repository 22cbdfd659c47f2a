/**
 * A colony more than this far inside Natural Earth's land is flagged (km; decision 0022).
 * Its own module so that labels can name it without loading the land polygons.
 */
export const ON_LAND_FLAG_KM = 5;
