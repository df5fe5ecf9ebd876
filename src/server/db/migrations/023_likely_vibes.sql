-- Likely vibes (issue 25; src/server/vibes/likely.ts, docs/vibe-analysis.md "Likely vibes"): the
-- vibes a venue's own facts make likely but nothing has confirmed, each with its weight and its
-- reasons in words, heaviest first: [{"vibe": "Romantic", "weight": 4, "reasons": ["wine bar",
-- "cocktails"]}]. Written with the blend (the seed, a sync, a review or a vote), read by the catalog
-- when a match's confirmed venues fill less than a page.
ALTER TABLE venues ADD COLUMN likely_vibes jsonb NOT NULL DEFAULT '[]';
