import { describe, expect, it } from "vitest";
import { toastReducer, type ToasterToast } from "./toast-store";

const make = (id: string): ToasterToast => ({ id, open: true, title: id, onOpenChange: () => {} });

describe("toastReducer", () => {
  it("keeps only the newest toast (limit 1)", () => {
    let state = toastReducer({ toasts: [] }, { type: "ADD_TOAST", toast: make("1") });
    state = toastReducer(state, { type: "ADD_TOAST", toast: make("2") });
    expect(state.toasts.map((t) => t.id)).toEqual(["2"]);
  });

  it("closes on dismiss and forgets on remove", () => {
    const state = { toasts: [make("1"), make("2")] };
    const dismissed = toastReducer(state, { type: "DISMISS_TOAST", toastId: "1" }, 5);
    expect(dismissed.toasts.map((t) => t.open)).toEqual([false, true]);
    expect(toastReducer(state, { type: "DISMISS_TOAST" }, 5).toasts.every((t) => !t.open)).toBe(true);
    expect(toastReducer(state, { type: "REMOVE_TOAST", toastId: "2" }, 5).toasts.map((t) => t.id)).toEqual(["1"]);
    expect(toastReducer(state, { type: "REMOVE_TOAST" }, 5).toasts).toEqual([]);
  });

  it("updates one toast in place", () => {
    const state = toastReducer({ toasts: [make("1")] }, { type: "UPDATE_TOAST", toast: { id: "1", title: "New" } });
    expect(state.toasts[0].title).toBe("New");
  });
});
