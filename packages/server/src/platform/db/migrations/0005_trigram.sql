-- Table filters send `like` as ILIKE '%text%' (SPEC §5), which no btree can serve: trigram indexes let the
-- text columns the screens filter on answer from an index instead of a scan. pg_trgm ships with PostgreSQL's
-- contrib and with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX parking_slots_aggregared_name_trgm ON parking_slots USING gin (aggregared_name gin_trgm_ops);
CREATE INDEX parking_slots_name_trgm ON parking_slots USING gin (name gin_trgm_ops);
CREATE INDEX parking_garages_name_trgm ON parking_garages USING gin (name gin_trgm_ops);
CREATE INDEX users_name_trgm ON users USING gin (name gin_trgm_ops);
CREATE INDEX users_email_trgm ON users USING gin (email gin_trgm_ops);
CREATE INDEX cars_license_plate_trgm ON cars USING gin (license_plate gin_trgm_ops);
