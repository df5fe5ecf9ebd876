import { describe, expect, it } from "vitest";
import { friendButton } from "./friend-button";

describe("friendButton", () => {
  it("offers Add Friend when there is no request or friendship", () => {
    expect(friendButton("none")).toEqual({ label: "Add Friend", disabled: false });
  });

  it("labels and disables the other states", () => {
    expect(friendButton("pending_sent")).toEqual({ label: "Request Sent", disabled: true });
    expect(friendButton("friends")).toEqual({ label: "Friends", disabled: true });
    expect(friendButton("pending_received")).toEqual({ label: "Respond in Requests", disabled: true });
  });
});
