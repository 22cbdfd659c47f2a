import './charts.css';

export {
  Chart,
  BottomAxis,
  LeftAxis,
  ChartLegend,
  type ChartMargin,
  type LegendItem,
} from './chart';
export { useElementWidth } from './use-element-width';
export { ChartDownloads } from './chart-downloads';
export { BoxAndStrip, type BoxFigures } from './box-and-strip';
export { EdMarker } from './ed-marker';
export {
  chartFileName,
  chartPngBlob,
  chartSvgBlob,
  downloadChart,
  serializeChart,
  type ChartFormat,
} from './export-chart';
export {
  linearScale,
  ticks,
  niceDomain,
  tickStep,
  tickFormatter,
  quantileSorted,
  boxStatistics,
  linePath,
  type LinearScale,
  type BoxStatistics,
} from './scale';
