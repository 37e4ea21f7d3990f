// Ids per second per generator and tag, from the counters this page samples itself: each sample's
// difference to the one before, over the time between them. No chart library: SVG elements only.

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 800;
const HEIGHT = 200;
const LEFT = 60;
const KEEP_MILLIS = 5 * 60 * 1000;
/** The narrowest time axis: a page just opened shows its first samples across a minute, not squeezed into five. */
const MIN_SPAN_MILLIS = 60 * 1000;

export class RateChart {
  constructor(svg, legend) {
    this.svg = svg;
    this.legend = legend;
    this.samples = [];
  }

  /** Adds the counters read at `at` (ms): a map of series name to a count that only grows. */
  add(at, counts) {
    this.samples.push({ at, counts });
    while (this.samples.length > 2 && at - this.samples[0].at > KEEP_MILLIS) {
      this.samples.shift();
    }
  }

  /** The ids per second of each series, between consecutive samples. */
  rates() {
    const series = new Map();
    for (let i = 1; i < this.samples.length; i++) {
      const before = this.samples[i - 1];
      const after = this.samples[i];
      const seconds = (after.at - before.at) / 1000;
      for (const [name, count] of after.counts) {
        const earlier = before.counts.get(name);
        if (earlier === undefined || seconds <= 0) {
          continue;
        }
        if (!series.has(name)) {
          series.set(name, []);
        }
        series.get(name).push({ at: after.at, rate: Math.max(0, (count - earlier) / seconds) });
      }
    }
    return series;
  }

  /** The last rate of a series, or null before two samples. */
  lastRate(name) {
    const points = this.rates().get(name);
    return points && points.length ? points[points.length - 1].rate : null;
  }

  /** The mean rate of a series since the page's first sample of it, or null before two samples. */
  meanRate(name) {
    const having = this.samples.filter((sample) => sample.counts.has(name));
    if (having.length < 2) {
      return null;
    }
    const first = having[0];
    const last = having[having.length - 1];
    return Math.max(0, (last.counts.get(name) - first.counts.get(name)) / ((last.at - first.at) / 1000));
  }

  draw() {
    const series = this.rates();
    const shape = (name, attributes) => {
      const node = document.createElementNS(SVG, name);
      for (const [key, value] of Object.entries(attributes)) {
        node.setAttribute(key, String(value));
      }
      return node;
    };
    this.svg.replaceChildren();
    this.legend.replaceChildren();
    let max = 1;
    for (const points of series.values()) {
      for (const point of points) {
        max = Math.max(max, point.rate);
      }
    }
    const now = this.samples.length ? this.samples[this.samples.length - 1].at : 0;
    const span = Math.min(KEEP_MILLIS, Math.max(MIN_SPAN_MILLIS, this.samples.length ? now - this.samples[0].at : 0));
    const x = (at) => LEFT + (WIDTH - LEFT - 10) * (1 - (now - at) / span);
    const y = (rate) => HEIGHT - 20 - (HEIGHT - 40) * (rate / max);
    this.svg.append(shape('line', { x1: LEFT, y1: HEIGHT - 20, x2: WIDTH - 10, y2: HEIGHT - 20, class: 'axis' }));
    this.svg.append(shape('line', { x1: LEFT, y1: 20, x2: LEFT, y2: HEIGHT - 20, class: 'axis' }));
    const top = shape('text', { x: 4, y: 24 });
    top.textContent = `${Math.round(max).toLocaleString('en-US')}/s`;
    const bottom = shape('text', { x: 4, y: HEIGHT - 20 });
    bottom.textContent = '0/s';
    const left = shape('text', { x: LEFT, y: HEIGHT - 4, class: 'axis-start' });
    left.textContent = spanText(span);
    const right = shape('text', { x: WIDTH - 40, y: HEIGHT - 4 });
    right.textContent = 'now';
    this.svg.append(top, bottom, left, right);
    let index = 0;
    for (const [name, points] of series) {
      const className = `series-${index % 8}`;
      index++;
      this.svg.append(shape('polyline', {
        class: className,
        'data-series': name,
        points: points.map((point) => `${x(point.at).toFixed(1)},${y(point.rate).toFixed(1)}`).join(' '),
      }));
      const item = document.createElement('li');
      item.className = className;
      const label = document.createElement('span');
      const last = points.length ? points[points.length - 1].rate : 0;
      label.textContent = `${name}: ${Math.round(last).toLocaleString('en-US')}/s`;
      item.append(label);
      this.legend.append(item);
    }
  }
}

/** The axis's start, such as "1 min ago" or "2.5 min ago". */
function spanText(millis) {
  const minutes = Math.round(millis / 6000) / 10;
  return `${minutes.toLocaleString('en-US')} min ago`;
}
