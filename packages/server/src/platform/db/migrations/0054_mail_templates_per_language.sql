-- Mail templates per language (issue 31): each administrators' template has a Hungarian and an English text, and
-- a mail is written in its recipient's language, the built-in body of that language where its text is empty.
-- Expand only: the existing columns keep their text, now as the Hungarian one (templates were written before
-- they had languages, for the workplace's default language, which is also the language of a mail to someone
-- without one), and the English texts are new nullable columns. Nothing is copied: an English reader gets the
-- built-in English body until an administrator writes theirs, and the previous release, which reads and writes
-- only the existing columns, sees what it saw before.
ALTER TABLE configuration
  ADD COLUMN doorman_email_template_en text CHECK (length(doorman_email_template_en) <= 65535),
  ADD COLUMN deletion_email_template_en text CHECK (length(deletion_email_template_en) <= 65535),
  ADD COLUMN modification_email_template_en text CHECK (length(modification_email_template_en) <= 65535),
  ADD COLUMN reminder_email_template_en text CHECK (length(reminder_email_template_en) <= 65535);
ALTER TABLE parking_garages
  ADD COLUMN email_template_of_the_garage_en text CHECK (length(email_template_of_the_garage_en) <= 65535);
