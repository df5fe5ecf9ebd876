-- Privacy that holds (issue 27, LOW; docs/reviews.md "A check-in's rating", docs/social.md
-- "Finding people").

-- A check-in's rating from someone who does not share their location is counted in the venue's
-- rating but not listed among its reviews (only its author sees it): its caption and its time
-- would say where the person is right now. Reviews written on the venue page are listed.
ALTER TABLE member_reviews ADD COLUMN listed boolean NOT NULL DEFAULT true;

-- "People can find me by my email" (on by default): off, an exact email search does not find the
-- person. ADMIN_EMAILS and granted admins are left out of email search unless they turn it on
-- themselves (NULL: never chosen; the default then depends on the role, read when searching).
ALTER TABLE users ADD COLUMN privacy_find_by_email boolean;
