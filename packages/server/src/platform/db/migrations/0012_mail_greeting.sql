-- The demo's garage confirmation template greeted {{reserverName}}, which is the guest of a GUEST reservation:
-- the owner's mail opened "Dear Greta". Databases seeded before this get the demo's corrected greeting; a
-- template an administrator wrote is left as it is.
UPDATE parking_garages
SET email_template_of_the_garage =
  '<p>Dear {{recipient.name}},</p><p>your parking slot {{parkingSlotInformation}} is reserved on {{date}} '
  || 'from {{startTime}} to {{endTime}}{{#if reservation.isGuest}} for your guest {{reservation.guestName}}{{/if}}.</p>'
WHERE email_template_of_the_garage =
  '<p>Dear {{reserverName}},</p><p>your parking slot {{parkingSlotInformation}} is reserved on {{date}} '
  || 'from {{startTime}} to {{endTime}}.</p>';
