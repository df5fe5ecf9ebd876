import { FRIENDS_TEXT } from "@client/features/friends/texts";
import { SOCIAL_LIMITS } from "@shared/vocabulary";

export interface GroupForm {
  name: string;
  memberIds: readonly string[];
}

export interface GroupFormErrors {
  name?: string;
  members?: string;
}

/** Spec 5: the name must not be blank and at least one friend must be picked. */
export function groupFormErrors(form: GroupForm): GroupFormErrors {
  const errors: GroupFormErrors = {};
  if (!form.name.trim()) errors.name = FRIENDS_TEXT.groupNameRequired;
  if (form.memberIds.length === 0) errors.members = FRIENDS_TEXT.groupMembersRequired;
  return errors;
}

/** Submit stays disabled while either rule fails or while saving. */
export function canSubmitGroup(form: GroupForm, saving: boolean): boolean {
  const errors = groupFormErrors(form);
  return !saving && !errors.name && !errors.members;
}

export function toggleMember(memberIds: readonly string[], id: string): string[] {
  return memberIds.includes(id) ? memberIds.filter((m) => m !== id) : [...memberIds, id];
}

export function groupBody(form: GroupForm): { name: string; memberIds: string[] } {
  return { name: form.name.trim().slice(0, SOCIAL_LIMITS.groupNameMax), memberIds: [...new Set(form.memberIds)] };
}
