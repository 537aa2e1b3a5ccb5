-- Web Push (issue 32, item 4; modules/push): the browsers that asked to be told at once. One row per browser
-- subscription (its push service's endpoint is unique: a browser subscribing again for another user takes the
-- row over), with the keys its messages are encrypted to. The VAPID keys every instance signs with are a
-- shared secret ('vapid-keys' in shared_secrets, generated once by whichever instance needs them first).
CREATE TABLE push_subscriptions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint text NOT NULL,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT push_subscriptions_endpoint_key UNIQUE (endpoint)
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
