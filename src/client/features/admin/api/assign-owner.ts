import { useMutation } from "@tanstack/react-query";
import { ADMIN_API, ADMIN_TEXT } from "@shared/constants";
import { errorMessage } from "@client/lib/api-error";
import { apiRequest } from "@client/lib/query-client";
import type { OwnerInput } from "../lib/admin-forms";

/** 201 of POST /api/admin/venues/:id/owner. */
export interface OwnerAssigned {
  venueId: number;
  userId: string;
  email: string;
}

/** POST /api/admin/venues/:id/owner {email}: makes that account an owner of the venue (its numeric id). */
export async function assignOwner({ venueId, email }: OwnerInput): Promise<OwnerAssigned> {
  try {
    return (await (
      await apiRequest("POST", `${ADMIN_API.venues}/${venueId}/owner`, { email })
    ).json()) as OwnerAssigned;
  } catch (error) {
    throw new Error(errorMessage(error, ADMIN_TEXT.tryAgain), { cause: error });
  }
}

export const useAssignOwner = () => useMutation<OwnerAssigned, Error, OwnerInput>({ mutationFn: assignOwner });
