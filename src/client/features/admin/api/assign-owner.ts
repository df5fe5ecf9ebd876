import { useMutation } from "@tanstack/react-query";
import { ADMIN_TEXT } from "@client/features/admin/texts";
import { errorMessage } from "@client/lib/api-error";
import { apiCall } from "@client/lib/api-call";
import type { OwnerInput } from "../lib/admin-forms";

import type { OwnerAssigned } from "@shared/contracts/business";

export type { OwnerAssigned };

/** POST /api/admin/venues/:id/owner {email}: makes that account an owner of the venue (its numeric id). */
export async function assignOwner({ venueId, email }: OwnerInput): Promise<OwnerAssigned> {
  try {
    return await apiCall("POST /api/admin/venues/:id/owner", { params: { id: venueId }, body: { email } });
  } catch (error) {
    throw new Error(errorMessage(error, ADMIN_TEXT.tryAgain), { cause: error });
  }
}

export const useAssignOwner = () => useMutation<OwnerAssigned, Error, OwnerInput>({ mutationFn: assignOwner });
