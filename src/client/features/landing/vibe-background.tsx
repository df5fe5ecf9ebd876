import { LANDING_ANIMATION_LOOP_MS } from "@client/features/landing/texts";

const loop = { animationDuration: `${LANDING_ANIMATION_LOOP_MS}ms` };

/** Decorative drifting glows; the loop stops for people who prefer reduced motion. */
export function VibeBackground() {
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 -z-10 overflow-hidden">
      <div
        style={loop}
        className={
          "absolute -top-32 -left-24 size-[28rem] rounded-full bg-purple-600/30 " +
          "blur-3xl animate-vibe-drift motion-reduce:animate-none"
        }
      />
      <div
        style={{ ...loop, animationDelay: `-${LANDING_ANIMATION_LOOP_MS / 3}ms` }}
        className={
          "absolute top-1/3 -right-32 size-[26rem] rounded-full bg-pink-600/25 " +
          "blur-3xl animate-vibe-drift motion-reduce:animate-none"
        }
      />
      <div
        style={{ ...loop, animationDelay: `-${(2 * LANDING_ANIMATION_LOOP_MS) / 3}ms` }}
        className={
          "absolute -bottom-40 left-1/4 size-[30rem] rounded-full bg-fuchsia-700/20 " +
          "blur-3xl animate-vibe-drift motion-reduce:animate-none"
        }
      />
    </div>
  );
}
