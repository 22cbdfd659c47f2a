import Button from 'react-bootstrap/Button';
import { useRef, useState, type ReactNode } from 'react';
import { downloadChart, type ChartFormat } from './export-chart';

const FORMATS: { format: ChartFormat; label: string }[] = [
  { format: 'svg', label: 'Download SVG' },
  { format: 'png', label: 'Download PNG' },
];

/**
 * A chart (the one <svg class="chart"> among `children`) with "Download SVG" and "Download PNG"
 * buttons under it; the files are named after `title`. The buttons sit in a group named after
 * the chart, so that with several charts on a page each button says which chart it saves.
 */
export function ChartDownloads({ title, children }: { title: string; children: ReactNode }) {
  const container = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const save = async (format: ChartFormat) => {
    const svg = container.current?.querySelector<SVGSVGElement>('svg.chart');
    if (!svg) return;
    setError(null);
    try {
      await downloadChart(svg, title, format);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    }
  };
  return (
    <>
      <div ref={container}>{children}</div>
      <div
        role="group"
        aria-label={`Download the plot “${title}”`}
        className="d-flex flex-wrap gap-2 mt-1"
      >
        {FORMATS.map(({ format, label }) => (
          <Button
            key={format}
            size="sm"
            variant="outline-secondary"
            onClick={() => void save(format)}
          >
            {label}
          </Button>
        ))}
      </div>
      {error && (
        <p role="alert" className="small text-danger mt-1 mb-0">
          {error}
        </p>
      )}
    </>
  );
}
