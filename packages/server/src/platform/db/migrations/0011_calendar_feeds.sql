-- [Integrations 1] The personal calendar feed. Its address carries a token signed with the signing secret over
-- the user and this generation: nothing secret is stored, the address can be shown again at any time, and a
-- reset or turning it off raises the generation, so every address given out before stops working at once.
CREATE TABLE calendar_feeds (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  generation integer NOT NULL DEFAULT 1,
  enabled boolean NOT NULL DEFAULT true,
  changed timestamptz NOT NULL DEFAULT now()
);
