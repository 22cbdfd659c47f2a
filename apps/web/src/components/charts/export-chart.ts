import { saveFile } from '@/lib/save-file';

/**
 * Saving a drawn chart as a file (decision 0021): the SVG as it is on screen, made self-contained, or
 * a PNG drawn from that SVG at twice the size for sharp figures in slides and papers.
 *
 * A chart's look comes partly from the page's stylesheet (charts.css, Bootstrap's font), which a
 * saved file does not have: every element therefore gets the styles it is drawn with written into
 * its `style` attribute, and a white background goes behind it (viewers show transparency as
 * black or as a chessboard).
 */

/** Styles that change how a chart looks; inherited ones are written only where they change. */
const INHERITED_PROPERTIES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'visibility',
] as const;

/** Not inherited: written wherever they differ from their initial value. */
const OWN_PROPERTIES: Readonly<Record<string, string>> = {
  opacity: '1',
  display: 'inline',
  'dominant-baseline': 'auto',
};

export const CHART_BACKGROUND = '#ffffff';
export const PNG_SCALE = 2;

export type ChartFormat = 'svg' | 'png';

/**
 * A file name from a chart's title: letters and digits kept (accents dropped), everything else
 * one underscore, e.g. "Zugspitze · Nursery · Acropora germania · 420" →
 * "Zugspitze_Nursery_Acropora_germania_420.svg".
 */
export function chartFileName(title: string, format: ChartFormat): string {
  const stem = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9.-]+/g, '_')
    .replace(/^[_.-]+|[_.-]+$/g, '')
    .slice(0, 120);
  return `${stem || 'chart'}.${format}`;
}

/** The chart's width and height in CSS pixels, as drawn. */
export function chartSize(svg: SVGSVGElement): { width: number; height: number } {
  const width = Number(svg.getAttribute('width')) || svg.getBoundingClientRect().width;
  const height = Number(svg.getAttribute('height')) || svg.getBoundingClientRect().height;
  return { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
}

/** The chart as a stand-alone SVG document: styles inlined, white background, XML declaration. */
export function serializeChart(svg: SVGSVGElement): string {
  const view = svg.ownerDocument.defaultView;
  if (!view) throw new Error('The chart is not on a page, so it cannot be saved.');
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...svg.querySelectorAll('*')];
  const copies = [clone, ...clone.querySelectorAll('*')];
  const computed = new Map(originals.map((element) => [element, view.getComputedStyle(element)]));
  originals.forEach((original, i) => {
    const style = computed.get(original)!;
    const parentStyle = original === svg ? undefined : computed.get(original.parentElement!);
    const declarations: string[] = [];
    for (const property of INHERITED_PROPERTIES) {
      const value = style.getPropertyValue(property);
      if (value && value !== parentStyle?.getPropertyValue(property)) {
        declarations.push(`${property}:${value}`);
      }
    }
    for (const [property, initial] of Object.entries(OWN_PROPERTIES)) {
      const value = style.getPropertyValue(property);
      if (value && value !== initial) declarations.push(`${property}:${value}`);
    }
    const copy = copies[i]!;
    const own = copy.getAttribute('style');
    const inlined = [...declarations, ...(own ? [own] : [])].join(';');
    if (inlined) copy.setAttribute('style', inlined);
    // The page's class names mean nothing in the file.
    copy.removeAttribute('class');
  });
  const { width, height } = chartSize(svg);
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  if (!clone.hasAttribute('viewBox')) clone.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const background = svg.ownerDocument.createElementNS('http://www.w3.org/2000/svg', 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', CHART_BACKGROUND);
  // After <title> and <desc>, which stay first so viewers find the chart's name.
  const firstDrawn = [...clone.children].find(
    (child) => child.localName !== 'title' && child.localName !== 'desc',
  );
  clone.insertBefore(background, firstDrawn ?? null);
  const markup = new XMLSerializer().serializeToString(clone);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${markup}\n`;
}

export function chartSvgBlob(svg: SVGSVGElement): Blob {
  return new Blob([serializeChart(svg)], { type: 'image/svg+xml;charset=utf-8' });
}

/** Loads an image and waits until it can be drawn. */
export type ImageLoader = (src: string) => Promise<CanvasImageSource>;

export const loadImage: ImageLoader = (src) =>
  new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The browser could not draw the chart as an image.'));
    image.src = src;
  });

/**
 * The chart as a PNG at `scale` × its size, drawn on an offscreen canvas over a white
 * background. The SVG goes in as a data: URL (the page's content security policy allows data:
 * images; a data URL also never taints the canvas, so it can be read back).
 */
export async function chartPngBlob(
  svg: SVGSVGElement,
  { scale = PNG_SCALE, load = loadImage }: { scale?: number; load?: ImageLoader } = {},
): Promise<Blob> {
  const { width, height } = chartSize(svg);
  const image = await load(
    `data:image/svg+xml;charset=utf-8,${encodeURIComponent(serializeChart(svg))}`,
  );
  const canvas = svg.ownerDocument.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw on a canvas, so no PNG can be made.');
  context.fillStyle = CHART_BACKGROUND;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The browser could not make the PNG.'))),
      'image/png',
    ),
  );
}

/** Saves the chart under a name made from its title. */
export async function downloadChart(
  svg: SVGSVGElement,
  title: string,
  format: ChartFormat,
): Promise<void> {
  const blob = format === 'svg' ? chartSvgBlob(svg) : await chartPngBlob(svg);
  saveFile(blob, chartFileName(title, format), svg.ownerDocument);
}
