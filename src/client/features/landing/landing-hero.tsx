import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { AUTH_TEXT } from "@client/lib/texts";
import { LANDING_TEXT } from "@client/features/landing/texts";
import { SignInMethods } from "@client/components/sign-in-methods";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";

type Chooser = "none" | "signup" | "signin";

const chooserTitles = { signup: "Sign up with", signin: "Sign in with" } as const;

interface LandingHeroProps {
  onGuest: () => void;
  guestPending: boolean;
}

export function LandingHero({ onGuest, guestPending }: LandingHeroProps) {
  const [chooser, setChooser] = useState<Chooser>("none");
  const [, navigate] = useLocation();
  const chooserHeading = useRef<HTMLHeadingElement>(null);
  const signUpButton = useRef<HTMLButtonElement>(null);
  const signInButton = useRef<HTMLButtonElement>(null);
  const lastChooser = useRef<Chooser>("none");

  // Move focus into the chooser when it opens and back to its opener when it closes.
  useEffect(() => {
    if (chooser !== "none") chooserHeading.current?.focus();
    else if (lastChooser.current === "signup") signUpButton.current?.focus();
    else if (lastChooser.current === "signin") signInButton.current?.focus();
    lastChooser.current = chooser;
  }, [chooser]);

  const [headlineStart, headlineEnd] = splitHeadline(LANDING_TEXT.headline);

  return (
    <section
      aria-labelledby="landing-title"
      className="mx-auto max-w-6xl px-4 pt-10 pb-20 text-center md:px-8 md:pt-20"
    >
      <p
        className={
          "mx-auto mb-6 inline-flex items-center gap-2 rounded-full border " +
          "border-border bg-white/5 px-4 py-1.5 text-sm text-muted-foreground"
        }
      >
        <span aria-hidden="true" className="size-2 rounded-full bg-pink-400" />
        Free to use · bars, cafes, restaurants and clubs
      </p>
      <h1
        id="landing-title"
        className="mx-auto max-w-4xl text-4xl leading-tight font-black tracking-tight sm:text-5xl md:text-7xl"
      >
        {headlineStart}{" "}
        <span className="bg-linear-to-r from-purple-300 via-fuchsia-300 to-pink-300 bg-clip-text text-transparent">
          {headlineEnd}
        </span>
      </h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground md:text-xl">
        Tell VIBE how you feel and discover nearby venues that fit the moment. It&apos;s free, and you can start as a
        guest in one tap.
      </p>

      {chooser === "none" ? (
        <div className="mx-auto mt-10 flex max-w-md flex-col gap-3 sm:max-w-none sm:flex-row sm:justify-center">
          <Button ref={signUpButton} size="lg" onClick={() => setChooser("signup")}>
            {AUTH_TEXT.signUp}
          </Button>
          <Button ref={signInButton} size="lg" variant="outline" onClick={() => setChooser("signin")}>
            {AUTH_TEXT.signIn}
          </Button>
          <Button size="lg" variant="ghost" onClick={onGuest} disabled={guestPending}>
            {guestPending ? "Starting..." : AUTH_TEXT.continueAsGuest}
          </Button>
        </div>
      ) : (
        <Card className="mx-auto mt-10 max-w-sm p-6 text-left">
          <h2 ref={chooserHeading} tabIndex={-1} className="mb-4 text-lg font-semibold outline-none">
            {chooserTitles[chooser]}
          </h2>
          <SignInMethods
            onEmail={() => navigate(`/login?step=${chooser === "signup" ? "email-signup" : "email-login"}`)}
            onBack={() => setChooser("none")}
          />
        </Card>
      )}
    </section>
  );
}

/** "Find Places That" + "Match Your Mood": the second half gets the brand gradient. */
function splitHeadline(headline: string): [string, string] {
  const words = headline.split(" ");
  const half = Math.ceil(words.length / 2);
  return [words.slice(0, half).join(" "), words.slice(half).join(" ")];
}
