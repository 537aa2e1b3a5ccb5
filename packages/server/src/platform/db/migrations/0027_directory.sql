-- [People] SCIM 2.0 provisioning (issue 27, item 2): the directory's own identifier of a user (`externalId`,
-- unique where the directory set one: Entra ID and Okta match users by it), and when the directory deleted the
-- user (SCIM DELETE, which also erases them): such a user is gone from /scim/v2 (404), while their reservations
-- stay for statistics.
ALTER TABLE users ADD COLUMN external_id text, ADD COLUMN directory_deleted_at timestamptz;

CREATE UNIQUE INDEX users_external_id_key ON users (external_id) WHERE external_id IS NOT NULL;
