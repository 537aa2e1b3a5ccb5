import { queryOptions } from '@tanstack/react-query';
import { getAccessPoint, list, type Row } from './model.ts';

/** A garage of the user's with its fair draw, as the page "How the draw works" explains it. */
export type DrawGarageRow = Row & {
  name?: string | null;
  drawEnabled?: boolean | null;
  drawCutoffTime?: string | null;
  drawCutoffWorkingDaysBefore?: number | null;
  drawFairnessWeeks?: number | null;
};

const GARAGE_MASK = '{name,drawEnabled,drawCutoffTime,drawCutoffWorkingDaysBefore,drawFairnessWeeks}';

/** The garages the user may reserve in (the profile's), by name: which of them draw, and how. */
export const drawGaragesQuery = () =>
  queryOptions({
    queryKey: ['ParkingGarage', 'drawGarages'] as const,
    queryFn: async (): Promise<DrawGarageRow[]> => {
      const profile = await getAccessPoint('profileSettings', { _mask: '{name}' });
      const garages = await list<DrawGarageRow>(
        {
          kind: 'relation',
          type: 'ProfileSettings',
          relation: 'accessedParkingGarages',
          owner: profile.__signedIdentifier ?? '',
        },
        { _mask: GARAGE_MASK, _orderBy: [{ attribute: 'name', descending: false }] },
      );
      return garages.items;
    },
  });
