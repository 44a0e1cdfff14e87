import styles from './doughnut-chart.module.css';

export type DoughnutSegment = {
  label: string;
  value: number;
  /** A CSS colour; a theme variable (`var(--status-completed)`) follows the light and dark themes. */
  colour: string;
};

// The ring's radius gives a circumference of 100, so each segment's dash is its percentage.
const RADIUS = 100 / (2 * Math.PI);
const CENTRE = 21;

/**
 * A doughnut of a few counts, drawn as SVG (what Chart.js drew on a canvas, without its 60 KB):
 * one ring segment per count, each with its label and count as a tooltip, and the caption as the
 * legend. `label` names the chart for screen readers, which read the caption's counts with it.
 */
export function DoughnutChart({ label, segments }: { label: string; segments: DoughnutSegment[] }) {
  const total = segments.reduce((sum, segment) => sum + segment.value, 0);
  const summary = segments.map((segment) => `${segment.label}: ${segment.value}`).join(', ');
  // Each segment's share of the ring and where it starts (the shares before it).
  const shares = segments.map((segment) => (total === 0 ? 0 : (segment.value / total) * 100));
  const starts = shares.map((_, index) => shares.slice(0, index).reduce((sum, share) => sum + share, 0));
  return (
    <figure className={styles.chart}>
      <svg className={styles.ring} viewBox="0 0 42 42" role="img" aria-label={`${label}. ${summary}`}>
        <circle className={styles.track} cx={CENTRE} cy={CENTRE} r={RADIUS} />
        {segments.map((segment, index) => {
          const share = shares[index] ?? 0;
          if (share === 0) return null;
          return (
            <circle
              key={segment.label}
              className={styles.segment}
              cx={CENTRE}
              cy={CENTRE}
              r={RADIUS}
              style={{ stroke: segment.colour }}
              strokeDasharray={`${share} ${100 - share}`}
              // The first segment starts at twelve o'clock and the others follow clockwise.
              strokeDashoffset={25 - (starts[index] ?? 0)}
            >
              <title>{`${segment.label}: ${segment.value}`}</title>
            </circle>
          );
        })}
      </svg>
      <figcaption className={styles.legend}>
        {segments.map((segment, index) => (
          <span key={segment.label} className={styles.key}>
            <span className={styles.swatch} style={{ background: segment.colour }} aria-hidden="true" />
            {`${segment.label}: ${segment.value}`}
            {index < segments.length - 1 ? ', ' : ''}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
