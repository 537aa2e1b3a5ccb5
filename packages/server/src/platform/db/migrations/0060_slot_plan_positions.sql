-- Issue 32, item 1: a slot's place on its floor plan, so that a day view can draw the slots on the plan. Percent
-- of the plan image's width (plan_x, from the left) and height (plan_y, from the top), 0-100, both or neither.
-- Nullable, no default: the previous release inserts slots without them (expand only). The range is kept here
-- whatever writes the row; both-or-neither is ParkingSlotSettings' check in the contract, judged on the row as
-- written (the stored value merged in) so that it answers its own 400, PLAN_POSITION_INCOMPLETE, at the field.
ALTER TABLE parking_slots ADD COLUMN plan_x integer, ADD COLUMN plan_y integer;
ALTER TABLE parking_slots ADD CONSTRAINT parking_slots_plan_position
  CHECK (plan_x BETWEEN 0 AND 100 AND plan_y BETWEEN 0 AND 100);
