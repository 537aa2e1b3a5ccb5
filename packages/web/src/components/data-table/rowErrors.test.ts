import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors/apiError.ts';
import { cellMessage, fieldOfLocation, mapErrors } from './rowErrors.ts';

const fields = ['name', 'floor', 'parkingGarage'];

describe('server errors on table rows', () => {
  it('maps 400 items onto the cells by location', () => {
    const error = new ApiError(400, [
      { code: 'MAX_LENGTH_VALIDATION_FAILED', level: 'ERROR', location: 'name' },
      { code: 'PATTERN_VALIDATION_FAILED', level: 'ERROR', location: 'name' },
      { code: 'CONVERSION_FAILED', level: 'ERROR', location: 'floor' },
    ]);
    expect(mapErrors(error, fields)).toEqual({
      cells: {
        name: ['MAX_LENGTH_VALIDATION_FAILED', 'PATTERN_VALIDATION_FAILED'],
        floor: ['CONVERSION_FAILED'],
      },
      table: [],
    });
  });

  it('attributes nested locations to the owning relation column', () => {
    expect(fieldOfLocation('parkingGarage.name')).toBe('parkingGarage');
    expect(fieldOfLocation('cars[0].licensePlate')).toBe('cars');
    const error = new ApiError(400, [
      { code: 'MISSING_REQUIRED_ATTRIBUTE', level: 'ERROR', location: 'parkingGarage.__signedIdentifier' },
    ]);
    expect(mapErrors(error, fields).cells).toEqual({ parkingGarage: ['MISSING_REQUIRED_ATTRIBUTE'] });
  });

  it('shows items no column owns under the table', () => {
    const item = { code: 'INVALID_JSON', level: 'ERROR', location: '' };
    expect(mapErrors(new ApiError(400, [item]), fields)).toEqual({ cells: {}, table: [item] });
  });

  it('clears the row errors on any other failure', () => {
    expect(mapErrors(new ApiError(409, { code: 'VERSION_CONFLICT' }), fields)).toEqual({
      cells: {},
      table: [],
    });
    expect(mapErrors(new ApiError(500, undefined), fields)).toEqual({ cells: {}, table: [] });
    expect(mapErrors(new Error('offline'), fields)).toEqual({ cells: {}, table: [] });
  });

  it('joins several messages of one cell with a comma', () => {
    expect(cellMessage(['A', 'B'], (code) => `msg ${code}`)).toBe('msg A, msg B');
  });
});
