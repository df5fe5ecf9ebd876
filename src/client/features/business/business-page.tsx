import { ArrowLeft, Store } from "lucide-react";
import { Link } from "wouter";
import { BUSINESS_TEXT } from "@client/features/business/texts";
import { Card } from "@client/components/ui/card";
import { useMyVenues } from "./api/my-venues";
import { useVenueStats } from "./api/venue-stats";
import { TodaysActivity } from "./components/todays-activity";
import { UpdateForm } from "./components/update-form";
import { VenueFigures } from "./components/venue-figures";

/** The owner's dashboard for the first venue of /api/my-venues (spec 2 and 3). */
export function BusinessPage() {
  const venues = useMyVenues();
  const venue = venues.data?.[0];
  const stats = useVenueStats(venue?.id);

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 md:px-8">
      <Link
        href="/"
        className="inline-flex w-fit items-center gap-2 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {BUSINESS_TEXT.back}
      </Link>
      <header>
        <p className="text-sm font-medium text-pink-300">{BUSINESS_TEXT.title}</p>
        <h1 className="text-3xl font-bold tracking-tight">
          {venues.isLoading ? "Loading..." : (venue?.name ?? BUSINESS_TEXT.noVenue)}
        </h1>
        {venue?.latestUpdate && (
          <p className="mt-1 text-sm text-muted-foreground">
            Now:{" "}
            {[venue.latestUpdate.capacityStatus, venue.latestUpdate.noiseLevel, ...venue.latestUpdate.currentVibes]
              .filter(Boolean)
              .join(" · ")}
          </p>
        )}
      </header>

      {venues.isSuccess && !venue ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <Store className="size-10 text-pink-300" aria-hidden="true" />
          <h2 className="text-xl font-semibold">{BUSINESS_TEXT.noBusinessTitle}</h2>
          <p className="max-w-md text-muted-foreground">{BUSINESS_TEXT.noBusinessBody}</p>
        </Card>
      ) : (
        <>
          <VenueFigures stats={stats.data} />
          <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
            <UpdateForm venueId={venue?.id} />
            <TodaysActivity stats={stats.data} />
          </div>
        </>
      )}
    </div>
  );
}
