/** Files the user downloads: results, charts, scenarios. Nothing leaves the machine. */

/** Saves `data` as a file named `name` through a temporary object URL. */
export function download(name: string, data: Blob | string, type = 'application/octet-stream'): void {
  const blob = typeof data === 'string' ? new Blob([data], { type }) : data;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file-name-safe slug of a title. */
export function slug(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 60)
      // Trimmed after the cut, which may leave a dash at the end.
      .replace(/^-+|-+$/g, '') || 'chart'
  );
}

/**
 * A standalone SVG document of a chart: the colours the page's stylesheet gives to text, axes and
 * the background are written into the file so it looks the same outside the app.
 */
export function standaloneSvg(svg: SVGSVGElement): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const css = getComputedStyle(svg);
  const text =
    css.getPropertyValue('--text').trim() ||
    getComputedStyle(document.documentElement).getPropertyValue('--text').trim() ||
    '#222';
  const bg = getComputedStyle(document.documentElement).getPropertyValue('--bg').trim() || '#fff';
  const style = document.createElementNS('http://www.w3.org/2000/svg', 'style');
  style.textContent =
    `text { fill: ${text}; font-family: system-ui, sans-serif; font-size: 11px; } ` +
    `.axis path, .axis line { stroke: ${text}; } .hover-rule { stroke: ${text}; }`;
  const rect = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  rect.setAttribute('width', '100%');
  rect.setAttribute('height', '100%');
  rect.setAttribute('fill', bg);
  clone.insertBefore(rect, clone.firstChild);
  clone.insertBefore(style, clone.firstChild);
  return new XMLSerializer().serializeToString(clone);
}

/** The chart rendered to a PNG at `scale` times its size. */
export async function svgToPng(svgText: string, width: number, height: number, scale = 2): Promise<Blob> {
  const img = new Image();
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('the chart could not be drawn as an image'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas');
    ctx.scale(scale, scale);
    ctx.drawImage(img, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Exports a chart's SVG element as `<name>.svg` or `<name>.png`. */
export async function exportChart(svg: SVGSVGElement, name: string, format: 'svg' | 'png'): Promise<void> {
  const text = standaloneSvg(svg);
  if (format === 'svg') return download(`${name}.svg`, text, 'image/svg+xml');
  const w = Number(svg.getAttribute('width')) || svg.clientWidth || 600;
  const h = Number(svg.getAttribute('height')) || svg.clientHeight || 200;
  download(`${name}.png`, await svgToPng(text, w, h));
}

/**
 * A number as a CSV cell: 12 significant digits, which drops binary rounding noise
 * (11624.999999999996 becomes 11625) and keeps every digit the engine's results mean; empty
 * for a missing value.
 */
export function csvNumber(v: number | null): string {
  if (v === null || !Number.isFinite(v)) return '';
  return String(Number(v.toPrecision(12)));
}

/**
 * The series of a results file as CSV: the time, then one column per series, each headed by its
 * id, its unit and its label (`mos [MOS] MOS so far`: one model's MOS is the call's so far,
 * another's the last 10 s), the time saying where in its sample it sits (each row is a bucket of
 * `bucket_s`, timed at its middle).
 */
export function resultsCsv(resultsJson: string): string {
  const r = JSON.parse(resultsJson) as {
    series?: {
      t_s: number[];
      bucket_s?: number;
      columns: { id: string; unit?: string; label?: string }[];
      values: (number | null)[][];
    };
  };
  const s = r.series;
  if (!s) return 't_s\n';
  const time = s.bucket_s ? `t_s [s] middle of each ${csvNumber(s.bucket_s)} s bucket` : 't_s [s]';
  const column = (c: { id: string; unit?: string; label?: string }) =>
    [c.id, c.unit ? `[${c.unit}]` : '', c.label && c.label !== c.id ? c.label : ''].filter(Boolean).join(' ');
  const head = [time, ...s.columns.map(column)].map((h) => (/[",\n]/.test(h) ? `"${h.replace(/"/g, '""')}"` : h));
  const lines = [head.join(',')];
  for (let i = 0; i < s.t_s.length; i++)
    lines.push([s.t_s[i], ...s.values.map((col) => col[i] ?? null)].map(csvNumber).join(','));
  return lines.join('\n') + '\n';
}
