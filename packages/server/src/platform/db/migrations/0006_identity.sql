-- Who a user is, as an identity provider says it: the issuer and its subject, which the holder of the account
-- cannot edit there (an email or a name they often can). The first sign-in binds them; later sign-ins find
-- the user by them alone.
CREATE TABLE user_identities (
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issuer, subject)
);

-- One subject per user at each provider: another account there that claims the user's email is refused.
-- A new provider (OIDC_ISSUER changed) links each user again by verified email.
CREATE UNIQUE INDEX user_identities_user_issuer_key ON user_identities (user_id, issuer);
