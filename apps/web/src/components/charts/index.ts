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
export {
  linearScale,
  ticks,
  niceDomain,
  tickStep,
  tickFormatter,
  quantileSorted,
  boxStatistics,
  type LinearScale,
  type BoxStatistics,
} from './scale';
