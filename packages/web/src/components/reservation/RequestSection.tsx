import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { RequestDayLine } from './RequestDayLine.tsx';
import type { RequestDayRow } from './requestDay.ts';

/*
 * A dashboard section of the user's requests that book nothing yet (the waitlist, the draw requests): a
 * heading with its icon, then a row a request with its day, what else it says, its status and its own action.
 */

/** What a section of requests is given: its rows, their action, and the row whose action is under way. */
export type RequestSectionProps<T extends RequestDayRow> = {
  rows: readonly T[];
  onAction(row: T): void;
  busy: string | null;
};

/** The section: `aside` stands at the heading's end (a link). */
export function RequestSection({
  titleId,
  icon,
  title,
  aside,
  children,
}: {
  titleId: string;
  icon: ReactNode;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        {icon}
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {aside}
      </Stack>
      <List disablePadding>{children}</List>
    </Paper>
  );
}

/** A row's own action (Leave, Withdraw): its button waits while `busy`. */
export type RequestAction = { label: string; ariaLabel: string; busy: boolean; onClick(): void };

/** One request: its day line, `details` under it, its status, and its action where it has one. */
export function RequestRow({
  testId,
  request,
  time,
  details,
  status,
  action,
}: {
  testId: string;
  request: RequestDayRow;
  time: string;
  details: ReactNode;
  status: ReactNode;
  action?: RequestAction | undefined;
}) {
  return (
    <ListItem
      divider
      disableGutters
      data-testid={testId}
      sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
    >
      <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
        <RequestDayLine date={request.date} time={time} reservationType={request.reservationType} />
        {details}
      </Stack>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {status}
      </Typography>
      {action !== undefined && (
        <Button
          size="small"
          color="inherit"
          disabled={action.busy}
          aria-label={action.ariaLabel}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      )}
    </ListItem>
  );
}
