import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PreferencesProvider } from '../../preferences/preferences.tsx';
import { PREFERENCES_KEY } from '../../preferences/storage.ts';
import { DayField, TimeOfDayField } from './WallClockFields.tsx';

/*
 * Issue 14 item 18: the profile's and the administrators' forms show days as the interface's language writes
 * them and times in 24 hours, whatever the browser's own fields would show (`09:00 AM`, `mm/dd/yyyy`).
 */

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

function renderIn(locale: 'hu-HU' | 'en-US', field: (onChange: (value: string | null) => void) => ReactNode) {
  window.localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ i18n: locale }));
  const onChange = vi.fn();
  render(<PreferencesProvider>{field(onChange)}</PreferencesProvider>);
  return onChange;
}

/** What the field shows, section by section, as a person reads it. */
const shown = (label: string) =>
  within(screen.getByRole('group', { name: label }))
    .getAllByRole('spinbutton')
    .map((section) => section.textContent)
    .join('|');

describe('wall-clock fields', () => {
  it('write a day the Hungarian way in Hungarian', () => {
    renderIn('hu-HU', (onChange) => (
      <DayField name="day" label="Nap" value="2026-11-23" onChange={onChange} />
    ));
    expect(screen.getByRole('group', { name: 'Nap' }).textContent).toContain('2026. 11. 23.');
  });

  it('write times in 24 hours, in English too', () => {
    renderIn('en-US', (onChange) => (
      <TimeOfDayField name="end" label="End" value="17:30:00" onChange={onChange} />
    ));
    expect(shown('End')).toBe('17|30');
    expect(screen.getByRole('group', { name: 'End' }).textContent).not.toMatch(/AM|PM/);
  });

  it('report a typed time as the wire writes it', async () => {
    const user = userEvent.setup();
    const onChange = renderIn('en-US', (report) => {
      function Controlled() {
        const [value, setValue] = useState<string | null>('09:00:00');
        return (
          <TimeOfDayField
            name="start"
            label="Start"
            value={value}
            onChange={(next) => {
              report(next);
              setValue(next);
            }}
          />
        );
      }
      return <Controlled />;
    });
    const [hours] = within(screen.getByRole('group', { name: 'Start' })).getAllByRole('spinbutton');
    await user.click(hours as HTMLElement);
    await user.keyboard('0815');
    expect(onChange).toHaveBeenLastCalledWith('08:15:00');
    expect(shown('Start')).toBe('08|15');
  });
});
