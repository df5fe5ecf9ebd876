import { describe, expect, it } from "vitest";
import { SOCIAL_LIMITS } from "@shared/constants";
import { COMMENT_MAX, GROUP_NAME_MAX, LOCATION_TEXT_MAX, POST_CONTENT_MAX } from "@shared/contracts/social";

// The client reads the limits from constants (no zod in the page bundles); the server's schemas must agree.
describe("SOCIAL_LIMITS", () => {
  it("matches the request schemas' limits", () => {
    expect(SOCIAL_LIMITS).toEqual({
      postContentMax: POST_CONTENT_MAX,
      commentMax: COMMENT_MAX,
      locationTextMax: LOCATION_TEXT_MAX,
      groupNameMax: GROUP_NAME_MAX,
    });
  });
});
