import { UserPlus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { ADMIN_TEXT } from "@client/features/admin/texts";
import { LIMITS } from "@shared/vocabulary";
import { Button } from "@client/components/ui/button";
import { toast } from "@client/hooks/use-toast";
import { useAssignOwner } from "../api/assign-owner";
import { validateOwnerInput, type OwnerFields } from "../lib/admin-forms";
import { AdminCard } from "./admin-card";
import { AdminField, focusFirstInvalid } from "./admin-field";
import { VenueFinder } from "./venue-finder";

const EMPTY: OwnerFields = { venueId: "", email: "" };

/** Makes an account an owner of a venue (POST /api/admin/venues/:id/owner). */
export function VenueOwnersCard({ className }: { className?: string }) {
  const [fields, setFields] = useState<OwnerFields>(EMPTY);
  const [errors, setErrors] = useState<Partial<OwnerFields>>({});
  // the venue chosen from the finder, while the field still holds its id
  const [chosen, setChosen] = useState<{ id: number; name: string } | null>(null);
  const assign = useAssignOwner();

  const change = (name: keyof OwnerFields) => (event: { target: { value: string } }) => {
    if (name === "venueId") setChosen(null);
    setFields((f) => ({ ...f, [name]: event.target.value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (assign.isPending) return;
    const checked = validateOwnerInput(fields);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstInvalid(event.currentTarget, checked.errors);
      return;
    }
    assign.mutate(checked.value, {
      onSuccess: (owner) => {
        const venue = chosen?.id === owner.venueId ? chosen.name : `venue ${owner.venueId}`;
        setFields(EMPTY);
        setChosen(null);
        toast({ title: ADMIN_TEXT.ownerAdded, description: ADMIN_TEXT.ownerAddedBody(owner.email, venue) });
      },
      onError: (error) => toast({ variant: "destructive", title: ADMIN_TEXT.ownerFailed, description: error.message }),
    });
  };

  return (
    <AdminCard
      title={ADMIN_TEXT.ownersTitle}
      description={ADMIN_TEXT.ownersDescription}
      icon={UserPlus}
      className={className}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <AdminField
            label={ADMIN_TEXT.venueId}
            name="venueId"
            value={fields.venueId}
            onChange={change("venueId")}
            error={errors.venueId}
            hint={chosen ? ADMIN_TEXT.chosenVenue(chosen.name, chosen.id) : ADMIN_TEXT.venueIdHint}
            autoComplete="off"
          />
          <AdminField
            label={ADMIN_TEXT.ownerEmail}
            name="email"
            type="email"
            value={fields.email}
            onChange={change("email")}
            error={errors.email}
            maxLength={LIMITS.emailMax}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        {!chosen && (
          <VenueFinder
            text={fields.venueId}
            onChoose={(venue) => {
              setChosen({ id: venue.id, name: venue.name });
              setFields((f) => ({ ...f, venueId: String(venue.id) }));
              setErrors((e) => ({ ...e, venueId: undefined }));
            }}
          />
        )}
        <Button
          type="submit"
          disabled={assign.isPending}
          aria-busy={assign.isPending || undefined}
          className="w-full sm:w-fit"
        >
          <UserPlus aria-hidden="true" />
          {assign.isPending ? ADMIN_TEXT.addingOwner : ADMIN_TEXT.addOwner}
        </Button>
      </form>
    </AdminCard>
  );
}
