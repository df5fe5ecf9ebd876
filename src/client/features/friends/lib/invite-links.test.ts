import { describe, expect, it } from "vitest";
import { inviteLinks } from "./invite-links";

describe("inviteLinks", () => {
  const links = inviteLinks("https://vibe.example");

  it("builds a mailto link with an encoded subject and body holding the app link", () => {
    expect(links.email).toBe(
      "mailto:?subject=Join%20me%20on%20VIBE" +
        "&body=Find%20places%20that%20match%20your%20mood%20with%20me%20on%20VIBE.%20https%3A%2F%2Fvibe.example",
    );
  });

  it("builds the X intent and the Facebook sharer URLs", () => {
    expect(links.x).toBe(
      "https://twitter.com/intent/tweet?text=Find%20places%20that%20match%20your%20mood%20with%20me%20on%20VIBE." +
        "&url=https%3A%2F%2Fvibe.example",
    );
    expect(links.facebook).toBe("https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fvibe.example");
    const x = new URL(links.x);
    expect(x.searchParams.get("url")).toBe("https://vibe.example");
  });

  it("gives native share data with the link", () => {
    expect(links.share).toEqual({
      title: "VIBE",
      text: "Find places that match your mood with me on VIBE.",
      url: "https://vibe.example",
    });
    expect(links.url).toBe("https://vibe.example");
  });

  it("encodes a link with a port and path", () => {
    expect(inviteLinks("http://localhost:5088").facebook).toBe(
      "https://www.facebook.com/sharer/sharer.php?u=http%3A%2F%2Flocalhost%3A5088",
    );
  });
});
