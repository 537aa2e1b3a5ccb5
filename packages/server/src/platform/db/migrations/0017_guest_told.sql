-- [Hardening 2] A guest is told of a GUEST reservation only by its confirmation mail (issue 25, item 1): the
-- confirmation's job records here, under the reservation's row lock and in the transaction that completes
-- it, when it went out; a change or deletion mails the guest only once this is set, and a reservation deleted
-- before it mails the guest nothing (modules/reservations, modules/notifications).
ALTER TABLE reservations ADD COLUMN guest_told_at timestamptz;

-- GUEST reservations from before: told unless a confirmation to their guest is still to go out or failed for
-- good, so their changes mail the guest as they did before.
UPDATE reservations r SET guest_told_at = r.created
WHERE r.reservation_type = 'GUEST' AND nullif(trim(r.guest_email), '') IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM jobs j
    WHERE j.idempotency_key = 'guest-confirmation:' || r.id::text AND j.state <> 'done');
