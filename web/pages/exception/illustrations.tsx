import type { ReactNode } from 'react';

/**
 * One illustration per page error code (spec §8: 403, 404, 500, 10000, 10100), drawn inline so
 * they follow the theme colour and both themes through CSS classes (exception.css).
 */

const W = 240;
const H = 180;

function Base({ children, label }: { children: ReactNode; label: string }) {
  return (
    <svg className="exc-art" viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={label}>
      <ellipse cx="120" cy="162" rx="82" ry="8" className="exc-shadow" />
      <circle cx="120" cy="86" r="74" className="exc-halo" />
      <circle cx="42" cy="40" r="5" className="exc-dot" />
      <circle cx="204" cy="52" r="3.5" className="exc-dot" />
      <circle cx="196" cy="128" r="4.5" className="exc-dot" />
      {children}
    </svg>
  );
}

/** 403: a shield with a keyhole. */
function Forbidden({ label }: { label: string }) {
  return (
    <Base label={label}>
      <path d="M120 26 L172 45 V90 C172 121 150 142 120 154 C90 142 68 121 68 90 V45 Z" className="exc-primary" />
      <path d="M120 38 L160 53 V90 C160 114 143 131 120 141 Z" className="exc-sheen" />
      <circle cx="120" cy="82" r="13" className="exc-paper" />
      <rect x="113.5" y="88" width="13" height="28" rx="5" className="exc-paper" />
    </Base>
  );
}

/** 404: a page under a magnifier with a question mark. */
function NotFound({ label }: { label: string }) {
  return (
    <Base label={label}>
      <rect x="62" y="30" width="88" height="112" rx="10" className="exc-card" />
      <rect x="76" y="50" width="58" height="7" rx="3.5" className="exc-line" />
      <rect x="76" y="66" width="42" height="7" rx="3.5" className="exc-line" />
      <rect x="76" y="82" width="50" height="7" rx="3.5" className="exc-line" />
      <rect x="76" y="98" width="30" height="7" rx="3.5" className="exc-line" />
      <line x1="168" y1="124" x2="190" y2="146" className="exc-handle" />
      <circle cx="150" cy="104" r="28" className="exc-lens" />
      <text x="150" y="115" textAnchor="middle" className="exc-glyph">
        ?
      </text>
    </Base>
  );
}

/** 500: a server rack with a warning sign. */
function ServerError({ label }: { label: string }) {
  return (
    <Base label={label}>
      {[34, 70, 106].map((y, i) => (
        <g key={y}>
          <rect x="70" y={y} width="100" height="30" rx="7" className="exc-card" />
          <circle cx="86" cy={y + 15} r="4" className={i === 1 ? 'exc-alert-fill' : 'exc-ok'} />
          <circle cx="99" cy={y + 15} r="4" className="exc-line" />
          <rect x="118" y={y + 12} width="40" height="6" rx="3" className="exc-line" />
        </g>
      ))}
      <path d="M170 92 L198 142 H142 Z" className="exc-warn" strokeLinejoin="round" />
      <rect x="167" y="108" width="6" height="18" rx="3" className="exc-paper" />
      <circle cx="170" cy="133" r="3.5" className="exc-paper" />
    </Base>
  );
}

/** 10000: Wi-Fi waves struck through. */
function NetworkError({ label }: { label: string }) {
  const arc = (r: number) => `M${120 - r * 0.707} ${122 - r * 0.707} A${r} ${r} 0 0 1 ${120 + r * 0.707} ${122 - r * 0.707}`;
  return (
    <Base label={label}>
      {[22, 44, 66].map((r) => (
        <path key={r} d={arc(r)} className="exc-wave" />
      ))}
      <circle cx="120" cy="122" r="9" className="exc-primary" />
      <line x1="72" y1="44" x2="170" y2="142" className="exc-slash-gap" />
      <line x1="72" y1="44" x2="170" y2="142" className="exc-slash" />
    </Base>
  );
}

/** 10100: an open, empty box. */
function NoData({ label }: { label: string }) {
  return (
    <Base label={label}>
      <path d="M70 80 L120 64 L170 80 L120 96 Z" className="exc-primary-deep" />
      <path d="M70 80 V128 L120 146 V96 Z" className="exc-primary" />
      <path d="M170 80 V128 L120 146 V96 Z" className="exc-primary-light" />
      <path d="M70 80 L52 98 L102 114 L120 96 Z" className="exc-primary-light" />
      <path d="M170 80 L188 98 L138 114 L120 96 Z" className="exc-primary" />
      <path d="M104 50 q6 -12 0 -24 M120 46 q6 -14 0 -28 M136 50 q6 -12 0 -24" className="exc-air" />
    </Base>
  );
}

/** The illustration of a page error code (404's for unknown codes). */
export function ExceptionArt({ status, label }: { status: number; label: string }) {
  switch (status) {
    case 403:
      return <Forbidden label={label} />;
    case 500:
      return <ServerError label={label} />;
    case 10000:
      return <NetworkError label={label} />;
    case 10100:
      return <NoData label={label} />;
    default:
      return <NotFound label={label} />;
  }
}
