import { LANDING_TEXT } from "@client/features/landing/texts";

const descriptions = [
  "Tell us how you feel: chill, romantic, energetic or anything in between.",
  "See nearby venues that fit, with distance, rating and how lively they are.",
  "Share your vibe with friends and find places that suit your whole group.",
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="mx-auto max-w-6xl px-4 py-16 md:px-8">
      <h2 id="how-title" className="text-center text-3xl font-bold tracking-tight md:text-4xl">
        {LANDING_TEXT.howItWorksTitle}
      </h2>
      <ol className="mt-10 grid gap-8 md:grid-cols-3">
        {LANDING_TEXT.steps.map((step, index) => (
          <li key={step} className="flex flex-col items-center text-center">
            <span
              aria-hidden="true"
              className={
                "inline-flex size-14 items-center justify-center rounded-full bg-linear-to-br " +
                "from-purple-600 to-pink-600 text-xl font-bold text-white shadow-lg shadow-pink-900/40"
              }
            >
              {index + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold">
              <span className="sr-only">Step {index + 1}: </span>
              {step}
            </h3>
            <p className="mt-2 max-w-xs text-sm leading-relaxed text-muted-foreground">{descriptions[index]}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
