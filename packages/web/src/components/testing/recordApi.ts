import { vi } from 'vitest';
import type * as Model from '../../api/model.ts';
import type { Row } from '../../api/model.ts';

/** A save the server accepts: it answers the entity it was sent. */
export const acceptedUpdate = vi.fn(
  async (_type: string, entity: Row, _fields?: readonly string[]) => entity,
);

/**
 * The model API of a page that edits one access point's record, for `vi.mock`: it reads `record` and saves
 * through `acceptedUpdate`; everything else is the real module's.
 */
export const apiEditing = (model: typeof Model, record: Row): typeof Model => ({
  ...model,
  getAccessPoint: vi.fn(async () => ({ ...record })) as typeof Model.getAccessPoint,
  update: acceptedUpdate as typeof Model.update,
});
