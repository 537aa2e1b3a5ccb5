import { describe, expect, it } from 'vitest';
import { attributeOfColumn, comparedFields, imageOf, valueText } from './auditImages.ts';

describe('an audit entry’s fields', () => {
  it('shows an update’s changed fields only, each changed, before beside after', () => {
    expect(
      comparedFields(
        '{"name": "B-01", "floor": 1, "next_to_wall": false}',
        '{"name": "B-02", "floor": 1, "next_to_wall": true}',
      ),
    ).toEqual([
      { field: 'name', before: 'B-01', after: 'B-02', changed: true },
      { field: 'next_to_wall', before: 'false', after: 'true', changed: true },
    ]);
  });

  it('shows an insert’s row after and a delete’s row before, with nothing on the other side', () => {
    expect(comparedFields(null, '{"license_plate": "ABC-123", "model": null}')).toEqual([
      { field: 'license_plate', after: 'ABC-123', changed: false },
      { field: 'model', after: '', changed: false },
    ]);
    expect(comparedFields('{"day": "2026-12-24"}', '')).toEqual([
      { field: 'day', before: '2026-12-24', changed: false },
    ]);
  });

  it('reads values as a person would: text as it is, objects as their JSON, none as empty', () => {
    expect(valueText('Kovács Éva')).toBe('Kovács Éva');
    expect(valueText({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(valueText(null)).toBe('');
    expect(imageOf('not json')).toBeNull();
    expect(imageOf('[1]')).toBeNull();
  });

  it('titles a column by the model’s attribute of the same name', () => {
    expect(attributeOfColumn('audit_retention_months')).toBe('auditRetentionMonths');
    expect(attributeOfColumn('name')).toBe('name');
  });
});
