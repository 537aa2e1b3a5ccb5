import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, type Ref, useId } from 'react';
import { useOnline } from '../../offline/onlineStatus.ts';
import { RequestDayLine } from './RequestDayLine.tsx';
import { FOCUSABLE_CARD } from './ReservationCard.tsx';
import { type RequestDayRow, requestTimeText } from './requestDay.ts';

/*
 * A dashboard section of the user's requests that book nothing yet (the waitlist, the draw requests): a
 * heading with its icon, then a row a request with its day, what else it says, its status and its own action.
 */

/** What a section of requests is given: its rows, their action, and the row whose action is under way. */
export type RequestSectionProps<T extends RequestDayRow> = {
  rows: readonly T[];
  onAction(row: T): void;
  busy: string | null;
  /**
   * Each line by its row's signed identifier, for the panel to move focus to (a request just made); the lines
   * are then focusable as the cards are (not tab stops of their own).
   */
  lineRef?(key: string): Ref<HTMLLIElement>;
};

/** A row's own action (Leave, Withdraw): its label, and the words that name it with the request's day and time. */
export type RequestAction = { label: string; ariaLabel(day: { date: string; time: string }): string };

/** What a section says of one of its requests besides its day line. */
export type RequestShown = {
  /** Under the day line. */
  details: ReactNode;
  status: ReactNode;
  /** Where the request has one now. */
  action?: RequestAction | undefined;
};

/**
 * The section: a row a request (`testId` on each), each shown by `shownOf` and its action calling `onAction`;
 * `aside` stands at the heading's end (a link).
 */
export function RequestSection<T extends RequestDayRow>({
  icon,
  title,
  aside,
  testId,
  rows,
  onAction,
  busy,
  lineRef,
  shownOf,
}: RequestSectionProps<T> & {
  icon: ReactNode;
  title: string;
  aside?: ReactNode;
  testId: string;
  shownOf(request: T): RequestShown;
}) {
  // The heading names the section.
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        {icon}
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {aside}
      </Stack>
      <List disablePadding>
        {rows.map((request) => (
          <RequestRow
            key={request.__signedIdentifier}
            testId={testId}
            request={request}
            shown={shownOf(request)}
            busy={busy === request.__signedIdentifier}
            onAction={() => onAction(request)}
            lineRef={lineRef?.(request.__signedIdentifier ?? '')}
          />
        ))}
      </List>
    </Paper>
  );
}

/** One request: its day line, its details under it, its status, and its action where it has one. */
function RequestRow({
  testId,
  request,
  shown: { details, status, action },
  busy,
  onAction,
  lineRef,
}: {
  testId: string;
  request: RequestDayRow;
  shown: RequestShown;
  busy: boolean;
  onAction(): void;
  lineRef: Ref<HTMLLIElement> | undefined;
}) {
  const time = requestTimeText(request);
  // Offline nothing can be sent: the request offers no action (the offline notice says why).
  const online = useOnline();
  return (
    <ListItem
      ref={lineRef}
      divider
      disableGutters
      data-testid={testId}
      {...(lineRef === undefined ? {} : { tabIndex: FOCUSABLE_CARD.tabIndex })}
      sx={[{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }, FOCUSABLE_CARD.sx]}
    >
      <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
        <RequestDayLine date={request.date} time={time} reservationType={request.reservationType} />
        {details}
      </Stack>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {status}
      </Typography>
      {online && action !== undefined && (
        <Button
          size="small"
          color="inherit"
          disabled={busy}
          aria-label={action.ariaLabel({ date: request.date ?? '', time })}
          onClick={onAction}
        >
          {action.label}
        </Button>
      )}
    </ListItem>
  );
}
