import { memo, useId, type ReactNode } from "react";
import type { Venue } from "@shared/contracts/venues";
import { cn } from "@client/lib/utils";
import { illustrationFor, KIND_LABELS, seeded, type Illustration, type IllustrationKind } from "../lib/illustration";

/** Gradient ends per direction (in the box's own units). */
const DIRECTIONS = [
  { x1: 0, y1: 0, x2: 1, y2: 0 },
  { x1: 0, y1: 0, x2: 0, y2: 1 },
  { x1: 0, y1: 0, x2: 1, y2: 1 },
  { x1: 1, y1: 0, x2: 0, y2: 1 },
] as const;

/** Each motif is drawn around (0, 0) in about 40 × 40 units, with the ink as stroke. */
function Motif({ kind, ink, accent }: { kind: IllustrationKind; ink: string; accent: string }) {
  const line = {
    fill: "none",
    stroke: ink,
    strokeWidth: 2.2,
    strokeLinecap: "round",
    strokeLinejoin: "round",
  } as const;
  switch (kind) {
    case "bar": // a cocktail glass with an olive
      return (
        <g>
          <path d="M-15 -13 H15 L0 3 Z" {...line} fill={ink} fillOpacity={0.12} />
          <path d="M0 3 V16 M-8 16 H8" {...line} />
          <path d="M6 -21 L1 -8" {...line} stroke={accent} />
          <circle cx={2.5} cy={-10} r={3} fill={accent} />
        </g>
      );
    case "pub": // a pint mug with a head of foam
      return (
        <g>
          <path d="M-12 -8 H8 V14 Q8 17 5 17 H-9 Q-12 17 -12 14 Z" {...line} fill={accent} fillOpacity={0.35} />
          <path d="M8 -3 H12 Q16 -3 16 1 V7 Q16 11 12 11 H8" {...line} />
          <path
            d="M-13 -8 Q-14 -14 -8 -14 Q-6 -18 -1 -16 Q3 -19 6 -15 Q11 -15 9 -8 Z"
            fill={ink}
            stroke={ink}
            strokeWidth={1.2}
          />
          <path d="M-6 -2 V11 M-1 -2 V11 M4 -2 V11" {...line} strokeOpacity={0.55} strokeWidth={1.6} />
        </g>
      );
    case "cafe": // a cup on a saucer, steaming
      return (
        <g>
          <path d="M-13 -3 H9 V4 Q9 14 -2 14 Q-13 14 -13 4 Z" {...line} fill={ink} fillOpacity={0.12} />
          <path d="M9 0 H12 Q16 0 16 4 Q16 8 12 8 H8.5" {...line} />
          <path d="M-18 17 H14" {...line} />
          <path d="M-7 -8 Q-10 -12 -7 -15 Q-4 -18 -7 -22 M1 -8 Q-2 -12 1 -15 Q4 -18 1 -22" {...line} stroke={accent} />
        </g>
      );
    case "club": // a mirror ball, a note and sparkles
      return (
        <g>
          <path d="M0 -22 V-12" {...line} />
          <circle cx={0} cy={0} r={12} {...line} fill={ink} fillOpacity={0.12} />
          <path d="M-12 0 H12 M-10 -6 H10 M-10 6 H10 M0 -12 Q-7 0 0 12 M0 -12 Q7 0 0 12" {...line} strokeWidth={1.3} />
          <path d="M17 -14 V-2 M17 -14 L23 -16 V-5" {...line} stroke={accent} />
          <circle cx={15.5} cy={-2} r={2.2} fill={accent} />
          <circle cx={21.5} cy={-5} r={2.2} fill={accent} />
          <path
            d="M-20 -12 L-20 -6 M-23 -9 H-17 M-18 12 L-18 16 M-20 14 H-16"
            {...line}
            stroke={accent}
            strokeWidth={1.6}
          />
        </g>
      );
    default: // restaurant: a plate between a fork and a knife
      return (
        <g>
          <circle cx={0} cy={0} r={13} {...line} fill={ink} fillOpacity={0.1} />
          <circle cx={0} cy={0} r={8} {...line} stroke={accent} strokeWidth={1.6} />
          <path d="M-21 -14 V-5 M-24 -14 V-7 Q-24 -4 -21 -4 Q-18 -4 -18 -7 V-14 M-21 -4 V15" {...line} />
          <path d="M21 15 V-14 Q26 -8 24 2 H21" {...line} />
        </g>
      );
  }
}

function Texture({ illustration, id }: { illustration: Illustration; id: string }): ReactNode {
  const { pattern, palette, seed } = illustration;
  const color = palette.ink;
  switch (pattern) {
    case "dots":
      return (
        <>
          <defs>
            <pattern id={id} width={10} height={10} patternUnits="userSpaceOnUse">
              <circle cx={5} cy={5} r={1.2} fill={color} fillOpacity={0.16} />
            </pattern>
          </defs>
          <rect width={160} height={100} fill={`url(#${id})`} />
        </>
      );
    case "stripes":
      return (
        <>
          <defs>
            <pattern id={id} width={12} height={12} patternUnits="userSpaceOnUse" patternTransform="rotate(35)">
              <rect width={5} height={12} fill={color} fillOpacity={0.07} />
            </pattern>
          </defs>
          <rect width={160} height={100} fill={`url(#${id})`} />
        </>
      );
    case "rings": {
      const cx = illustration.x;
      return (
        <g fill="none" stroke={color} strokeOpacity={0.1} strokeWidth={2}>
          {[30, 44, 58, 72, 86].map((r) => (
            <circle key={r} cx={cx} cy={50} r={r} />
          ))}
        </g>
      );
    }
    case "bubbles": {
      const rand = seeded(seed);
      return (
        <g fill={palette.accent}>
          {Array.from({ length: 9 }, (_, i) => (
            <circle
              key={i}
              cx={(rand() * 160).toFixed(1)}
              cy={(rand() * 100).toFixed(1)}
              r={(2 + rand() * 7).toFixed(1)}
              fillOpacity={0.1 + rand() * 0.12}
            />
          ))}
        </g>
      );
    }
    default:
      return (
        <g fill={color}>
          <path d="M0 78 Q20 68 40 78 T80 78 T120 78 T160 78 V100 H0 Z" fillOpacity={0.08} />
          <path d="M0 88 Q20 80 40 88 T80 88 T120 88 T160 88 V100 H0 Z" fillOpacity={0.08} />
        </g>
      );
  }
}

/**
 * A venue's illustration in place of a photo (issue 15), filling the same box a photo fills
 * (`slice`, like object-fit: cover), so nothing moves when one replaces the other. It says it is
 * an illustration, to screen readers and with a small visible label.
 */
export const VenueIllustration = memo(function VenueIllustration({
  venue,
  label,
  className,
}: {
  venue: Pick<Venue, "category" | "name" | "externalId">;
  /** What the picture stands for, e.g. "No photo of Zeitgeist yet". */
  label: string;
  className?: string;
}) {
  const ill = illustrationFor(venue);
  const id = useId();
  const dir = DIRECTIONS[ill.direction];
  const { palette } = ill;
  return (
    <div className={cn("relative size-full", className)} data-illustration={ill.key}>
      <svg
        viewBox="0 0 160 100"
        preserveAspectRatio="xMidYMid slice"
        role="img"
        aria-label={`Illustration of ${KIND_LABELS[ill.kind]}: ${label}`}
        className="block size-full"
      >
        <defs>
          <linearGradient id={`${id}g`} x1={dir.x1} y1={dir.y1} x2={dir.x2} y2={dir.y2}>
            <stop offset="0" stopColor={palette.from} />
            <stop offset="1" stopColor={palette.to} />
          </linearGradient>
        </defs>
        <rect width={160} height={100} fill={`url(#${id}g)`} />
        <Texture illustration={ill} id={`${id}p`} />
        <g transform={`translate(${ill.x} 48) rotate(${ill.tilt}) scale(${ill.scale})`}>
          <Motif kind={ill.kind} ink={palette.ink} accent={palette.accent} />
        </g>
      </svg>
      <span
        aria-hidden="true"
        className={
          "pointer-events-none absolute right-2 bottom-2 z-[1] rounded-full bg-black/55 " +
          "px-2 py-0.5 text-[10px] font-medium tracking-wide text-white/85 uppercase"
        }
      >
        Illustration
      </span>
    </div>
  );
});
