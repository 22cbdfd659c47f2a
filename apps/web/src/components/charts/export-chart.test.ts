import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from '@/lib/save-file';
import { chartFileName, chartPngBlob, downloadChart, serializeChart } from './export-chart';

vi.mock('@/lib/save-file', () => ({ saveFile: vi.fn() }));

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A small chart styled partly by a stylesheet, as charts.css styles the real ones. */
function drawChart(): SVGSVGElement {
  document.head.innerHTML =
    '<style>.chart-axis line { stroke: #6c757d; stroke-width: 1 } .chart-axis text { fill: #343a40 }</style>';
  document.body.innerHTML = `
    <svg class="chart" role="img" width="320" height="200" viewBox="0 0 320 200">
      <title>Zugspitze · Nursery · Acropora germania · 420</title>
      <desc>A curve.</desc>
      <g class="chart-axis"><line x1="0" x2="10"></line><text>0.5</text></g>
      <path d="M0,0L10,10" fill="none" stroke="#0b5f73"></path>
    </svg>`;
  return document.querySelector('svg')!;
}

afterEach(() => {
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('chart file names', () => {
  it('come from the title: letters and digits, one underscore for anything else', () => {
    expect(chartFileName('Zugspitze · Nursery · Acropora germania · 420', 'svg')).toBe(
      'Zugspitze_Nursery_Acropora_germania_420.svg',
    );
    expect(chartFileName('Distribution of colony ED50s by species and condition', 'png')).toBe(
      'Distribution_of_colony_ED50s_by_species_and_condition.png',
    );
    expect(chartFileName('Récif côtier / 2 °C', 'png')).toBe('Recif_cotier_2_C.png');
    expect(chartFileName(' · ', 'svg')).toBe('chart.svg');
  });
});

describe('a chart as an SVG file', () => {
  it('is a stand-alone document with the stylesheet’s styles inlined and a white background', () => {
    const svg = drawChart();
    const text = serializeChart(svg);
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg')).toBe(true);
    const file = new DOMParser().parseFromString(text, 'image/svg+xml');
    const root = file.documentElement;
    expect(root.namespaceURI).toBe(SVG_NS);
    expect(root.getAttribute('width')).toBe('320');
    expect(root.getAttribute('height')).toBe('200');
    // Title and description stay first; the background comes before anything drawn.
    expect([...root.children].map((child) => child.localName)).toEqual([
      'title',
      'desc',
      'rect',
      'g',
      'path',
    ]);
    const background = root.children[2]!;
    expect(background.getAttribute('fill')).toBe('#ffffff');
    expect(background.getAttribute('width')).toBe('100%');
    const line = root.querySelector('line')!;
    expect(line.getAttribute('style')).toContain('stroke:#6c757d');
    expect(line.getAttribute('style')).toContain('stroke-width:1');
    expect(root.querySelector('text')!.getAttribute('style')).toContain('fill:#343a40');
    // Presentation attributes travel as they are; the page's classes are dropped.
    expect(root.querySelector('path')!.getAttribute('stroke')).toBe('#0b5f73');
    expect(root.querySelector('[class]')).toBeNull();
  });

  it('leaves the chart on the page untouched', () => {
    const svg = drawChart();
    const before = svg.outerHTML;
    serializeChart(svg);
    expect(svg.outerHTML).toBe(before);
  });

  it('is saved under the title’s file name', async () => {
    const svg = drawChart();
    await downloadChart(svg, 'Zugspitze · Nursery · Acropora germania · 420', 'svg');
    expect(saveFile).toHaveBeenCalledTimes(1);
    const [blob, name] = vi.mocked(saveFile).mock.calls[0]!;
    expect(name).toBe('Zugspitze_Nursery_Acropora_germania_420.svg');
    expect(blob.type).toBe('image/svg+xml;charset=utf-8');
    expect(await blob.text()).toBe(serializeChart(svg));
  });
});

describe('a chart as a PNG file', () => {
  let drawn: { canvas: HTMLCanvasElement; calls: string[] };

  beforeEach(() => {
    drawn = { canvas: document.createElement('canvas'), calls: [] };
    // jsdom has no canvas: record what is drawn, and answer toBlob with a PNG signature.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
      this: HTMLCanvasElement,
    ) {
      drawn.canvas = this;
      const context = {
        fillStyle: '',
        fillRect: (...args: number[]) =>
          drawn.calls.push(`fillRect ${context.fillStyle} ${args.join(',')}`),
        drawImage: (image: { src: string }, ...args: number[]) =>
          drawn.calls.push(`drawImage ${image.src.slice(0, 33)} ${args.join(',')}`),
      };
      return context as unknown as CanvasRenderingContext2D;
    } as never);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) =>
      callback(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type })),
    );
  });

  it('is drawn at twice the size over a white background from the self-contained SVG', async () => {
    const svg = drawChart();
    const load = vi.fn((src: string) => Promise.resolve({ src } as unknown as HTMLImageElement));
    const blob = await chartPngBlob(svg, { load });
    expect(load).toHaveBeenCalledWith(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(serializeChart(svg))}`,
    );
    expect([drawn.canvas.width, drawn.canvas.height]).toEqual([640, 400]);
    expect(drawn.calls).toEqual([
      'fillRect #ffffff 0,0,640,400',
      'drawImage data:image/svg+xml;charset=utf-8, 0,0,640,400',
    ]);
    expect(blob.type).toBe('image/png');
  });

  it('says so when the browser cannot draw it', async () => {
    const svg = drawChart();
    const load = () =>
      Promise.reject(new Error('The browser could not draw the chart as an image.'));
    await expect(chartPngBlob(svg, { load })).rejects.toThrow(/could not draw the chart/);
  });
});
