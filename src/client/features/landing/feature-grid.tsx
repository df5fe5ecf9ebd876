import { MapPin, Radio, ShieldCheck, Sparkles, Store, Users, type LucideIcon } from "lucide-react";
import { LANDING_TEXT } from "@client/features/landing/texts";

const [matching, location, live, social, privacy, venues] = LANDING_TEXT.features;

const features: { title: string; icon: LucideIcon; text: string }[] = [
  {
    title: matching,
    icon: Sparkles,
    text: "Pick up to five vibes, from Chill to Energetic, and see the venues whose atmosphere fits them best.",
  },
  {
    title: location,
    icon: MapPin,
    text:
      "Matches are sorted by distance from you, within 5 to 100 " +
      "miles, and your location is used only if you allow it.",
  },
  {
    title: live,
    icon: Radio,
    text: "Venues can share how busy and how loud they are right now, and changes reach you as they happen.",
  },
  {
    title: social,
    icon: Users,
    text: "Share the vibe where you are, add friends, and like and comment on what they post.",
  },
  {
    title: privacy,
    icon: ShieldCheck,
    text: "You decide whether your location, your vibes and your activity are shared.",
  },
  {
    title: venues,
    icon: Store,
    text: "Venue owners get a dashboard to broadcast live updates on capacity, noise and atmosphere.",
  },
];

export function FeatureGrid() {
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16 md:px-8">
      <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight md:text-4xl">
        {LANDING_TEXT.featuresTitle}
      </h2>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ title, icon: Icon, text }) => (
          <li
            key={title}
            className={
              "rounded-2xl border border-border bg-card/80 p-6 " +
              "backdrop-blur transition-colors hover:border-pink-400/40"
            }
          >
            <span
              aria-hidden="true"
              className={
                "inline-flex size-11 items-center justify-center rounded-xl " +
                "bg-linear-to-br from-purple-500/30 to-pink-500/30 text-pink-200"
              }
            >
              <Icon className="size-5" />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
