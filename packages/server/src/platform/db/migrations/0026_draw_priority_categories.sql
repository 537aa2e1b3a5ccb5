-- [Fair share 2] drawsrv: a draw priority's category is one of the contract's DrawPriorityCategory values
-- (ACCESSIBILITY, MEDICAL, CARPOOL), held by the database too: the reason may be health-related, so the list
-- is closed, and a category written around the API (SQL, an import) in another spelling would be a priority
-- nobody can see or change in the administrators' view. Existing rows are brought to the list first:
--   1. a category in another case or with blanks is the contract's one; where a user holds it in several
--      spellings, one row stays (the one already spelt right, else the first), holding the latest expiry;
--   2. what is still not a category of the list names no need the draw knows, and goes (the audit log keeps it).
-- The length check it replaces had PostgreSQL's name for the column's check, which this one takes over, so a
-- refusal still answers 400 at `category`.

UPDATE draw_priorities p SET expires = v.latest
FROM (SELECT user_id, upper(btrim(category)) AS category, max(expires) AS latest
  FROM draw_priorities GROUP BY user_id, upper(btrim(category))) v
WHERE v.user_id = p.user_id AND v.category = upper(btrim(p.category)) AND v.latest > p.expires;

DELETE FROM draw_priorities WHERE id IN (SELECT id FROM (SELECT id, row_number() OVER (
    PARTITION BY user_id, upper(btrim(category)) ORDER BY category = upper(btrim(category)) DESC, id) AS n
  FROM draw_priorities) ranked WHERE n > 1);

UPDATE draw_priorities SET category = upper(btrim(category)) WHERE category <> upper(btrim(category));

DELETE FROM draw_priorities WHERE category NOT IN ('ACCESSIBILITY', 'MEDICAL', 'CARPOOL');

ALTER TABLE draw_priorities DROP CONSTRAINT draw_priorities_category_check;
ALTER TABLE draw_priorities ADD CONSTRAINT draw_priorities_category_check
  CHECK (category IN ('ACCESSIBILITY', 'MEDICAL', 'CARPOOL'));
