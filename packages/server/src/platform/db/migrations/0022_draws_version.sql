-- [Fair share 2] The administrators read each draw through the engine (ReservationsPanel.draws, Draw.replay),
-- which signs a row's identifier over its version, as it does every row it hands out. A draw is written once,
-- when it runs, so its version stays 1.
ALTER TABLE draws ADD COLUMN version integer NOT NULL DEFAULT 1;
