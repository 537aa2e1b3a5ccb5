-- audit_capture pairs an update's old and new rows by key. PL/pgSQL keeps a statement's plan for the session,
-- and transition tables carry no statistics, so a plan made for one-row updates (a nested loop over the two row
-- sets) was kept for a 10,000-row one: 100 million key comparisons, 50 s of bench:import's update dry run
-- (auto_explain; 0.75 s without nested loops, seen in psql after six one-row updates). A hash join is right for
-- any number of rows; the per-row jsonb_each is a lateral call and stays a loop whatever this says.
ALTER FUNCTION audit_capture() SET enable_nestloop = off;
