export type IllustrationKind = 'login' | 'register' | 'forgot' | 'reset';

const c = {
  brand: 'var(--mantine-color-brand-6)',
  brandSoft: 'var(--mantine-color-brand-2)',
  brandLight: 'var(--mantine-color-brand-light)',
  teal: 'var(--mantine-color-teal-5)',
  yellow: 'var(--mantine-color-yellow-4)',
  orange: 'var(--mantine-color-orange-4)',
  surface: 'var(--mantine-color-body)',
  line: 'var(--mantine-color-default-border)',
  dim: 'var(--mantine-color-dimmed)',
};

/** A planning dashboard: bar chart, trend line and a few figure cards. */
function Dashboard() {
  const bars = [90, 140, 110, 180, 150, 220, 190];
  return (
    <g>
      <rect x="60" y="70" width="400" height="280" rx="18" fill={c.surface} stroke={c.line} />
      <rect x="84" y="94" width="120" height="12" rx="6" fill={c.brandSoft} />
      <rect x="84" y="114" width="70" height="8" rx="4" fill={c.line} />
      {bars.map((h, i) => (
        <rect
          key={i}
          x={96 + i * 48}
          y={320 - h}
          width="26"
          height={h}
          rx="6"
          fill={i === 5 ? c.brand : c.brandSoft}
        />
      ))}
      <polyline
        points="109,250 157,205 205,222 253,160 301,180 349,120 397,135"
        fill="none"
        stroke={c.teal}
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {[
        [109, 250],
        [253, 160],
        [349, 120],
      ].map(([x, y]) => (
        <circle key={x} cx={x} cy={y} r="8" fill={c.surface} stroke={c.teal} strokeWidth="4" />
      ))}
      <rect x="400" y="30" width="150" height="90" rx="14" fill={c.surface} stroke={c.line} />
      <rect x="420" y="52" width="60" height="8" rx="4" fill={c.line} />
      <rect x="420" y="72" width="100" height="18" rx="6" fill={c.brand} />
      <rect x="20" y="300" width="160" height="96" rx="14" fill={c.surface} stroke={c.line} />
      <circle cx="62" cy="348" r="24" fill="none" stroke={c.brandSoft} strokeWidth="10" />
      <path
        d="M62 324 a24 24 0 0 1 22 33"
        fill="none"
        stroke={c.orange}
        strokeWidth="10"
        strokeLinecap="round"
      />
      <rect x="100" y="332" width="60" height="8" rx="4" fill={c.line} />
      <rect x="100" y="350" width="44" height="12" rx="5" fill={c.yellow} />
    </g>
  );
}

/** Steps going up: a workspace that grows. */
function Growth() {
  return (
    <g>
      <rect x="40" y="60" width="480" height="320" rx="22" fill={c.brandLight} />
      {[0, 1, 2, 3].map((i) => (
        <rect
          key={i}
          x={90 + i * 95}
          y={310 - i * 60}
          width="80"
          height={40 + i * 60}
          rx="10"
          fill={i === 3 ? c.brand : c.brandSoft}
        />
      ))}
      <path
        d="M110 250 L200 200 L300 150 L400 80"
        fill="none"
        stroke={c.teal}
        strokeWidth="6"
        strokeLinecap="round"
        strokeDasharray="2 14"
      />
      <path d="M400 80 l-28 4 l16 22 z" fill={c.teal} />
      <circle cx="440" cy="120" r="26" fill={c.yellow} />
      <rect x="70" y="90" width="150" height="70" rx="12" fill={c.surface} stroke={c.line} />
      <circle cx="100" cy="125" r="14" fill={c.brand} />
      <rect x="124" y="112" width="80" height="8" rx="4" fill={c.line} />
      <rect x="124" y="130" width="56" height="8" rx="4" fill={c.brandSoft} />
    </g>
  );
}

/** An envelope with a key: the reset link on its way. */
function Mail() {
  return (
    <g>
      <circle cx="280" cy="220" r="170" fill={c.brandLight} />
      <rect
        x="140"
        y="140"
        width="280"
        height="180"
        rx="16"
        fill={c.surface}
        stroke={c.line}
        strokeWidth="2"
      />
      <path
        d="M146 150 L280 250 L414 150"
        fill="none"
        stroke={c.brand}
        strokeWidth="6"
        strokeLinejoin="round"
      />
      <circle cx="410" cy="150" r="34" fill={c.orange} />
      <circle cx="402" cy="150" r="10" fill={c.surface} />
      <rect x="408" y="146" width="24" height="8" rx="3" fill={c.surface} />
      <path d="M90 110 l10 -22 l10 22 l22 10 l-22 10 l-10 22 l-10 -22 l-22 -10 z" fill={c.yellow} />
      <circle cx="470" cy="330" r="10" fill={c.teal} />
    </g>
  );
}

/** A shield with a check mark: a new password set. */
function Shield() {
  return (
    <g>
      <circle cx="280" cy="220" r="170" fill={c.brandLight} />
      <path
        d="M280 80 L390 120 V210 C390 285 340 335 280 360 C220 335 170 285 170 210 V120 Z"
        fill={c.surface}
        stroke={c.brand}
        strokeWidth="6"
      />
      <path
        d="M232 220 L268 256 L332 186"
        fill="none"
        stroke={c.teal}
        strokeWidth="14"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="400" y="250" width="110" height="70" rx="12" fill={c.surface} stroke={c.line} />
      {[0, 1, 2, 3].map((i) => (
        <circle key={i} cx={424 + i * 21} cy="285" r="6" fill={c.brand} />
      ))}
      <path d="M100 140 l8 -18 l8 18 l18 8 l-18 8 l-8 18 l-8 -18 l-18 -8 z" fill={c.yellow} />
    </g>
  );
}

/** The picture beside the form on split-screen sign-in pages (drawn, so it follows the skin). */
export function AuthIllustration({ kind }: { kind: IllustrationKind }) {
  return (
    <svg
      viewBox="0 0 560 420"
      width="100%"
      style={{ maxWidth: 640 }}
      role="presentation"
      focusable="false"
    >
      {kind === 'login' && <Dashboard />}
      {kind === 'register' && <Growth />}
      {kind === 'forgot' && <Mail />}
      {kind === 'reset' && <Shield />}
    </svg>
  );
}
