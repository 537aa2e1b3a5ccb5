-- [Hardening 2] The embedded provider's sign-in throttle, shared by every instance on the database.
-- sign_in_failures counts the tries of one key since its failures were last forgotten: a login at one address
-- ('pair'), a login anywhere ('login') and an address for any login ('address'). A try is counted before its
-- password is checked (so parallel guesses queue on the row) and taken back when it succeeds.
CREATE TABLE sign_in_failures (
  scope text NOT NULL CHECK (scope IN ('pair', 'login', 'address')),
  key text NOT NULL,
  failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  last_failure timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);

-- The addresses each login signed in from: a login's owner at an address they are known at is not slowed down
-- by what others try against that login, or from that address, elsewhere.
CREATE TABLE sign_in_known_addresses (
  login text NOT NULL,
  address text NOT NULL,
  last_success timestamptz NOT NULL,
  PRIMARY KEY (login, address)
);
