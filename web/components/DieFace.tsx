const PIPS: Record<number, ReadonlyArray<readonly [number, number]>> = {
  1: [[50, 50]],
  2: [
    [28, 28],
    [72, 72],
  ],
  3: [
    [28, 28],
    [50, 50],
    [72, 72],
  ],
  4: [
    [28, 28],
    [72, 28],
    [28, 72],
    [72, 72],
  ],
  5: [
    [28, 28],
    [72, 28],
    [50, 50],
    [28, 72],
    [72, 72],
  ],
  6: [
    [28, 28],
    [72, 28],
    [28, 50],
    [72, 50],
    [28, 72],
    [72, 72],
  ],
};

/** One die face (1..6; 0 is a blank die, not rolled yet) as an SVG, coloured by the theme's --die and --pip variables. Decorative. */
export function DieFace({
  value,
  size = 32,
  className,
}: {
  value: number;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      className={className ? `die-face ${className}` : 'die-face'}
      viewBox="0 0 100 100"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <rect x="5" y="5" width="90" height="90" rx="18" className="die-face-body" />
      {(PIPS[value] ?? []).map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="9" className="die-face-pip" />
      ))}
    </svg>
  );
}
