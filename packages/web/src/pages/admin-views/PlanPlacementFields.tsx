import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { markerPlace, PlanPicture } from '../../components/floor-plan/PlanPicture.tsx';
import {
  movedPosition,
  type PlanPosition,
  positionFromClick,
  positionOf,
} from '../../components/floor-plan/planPosition.ts';
import { FieldGrid } from '../ViewPage.tsx';
import { EditorField } from './EditorForm.tsx';
import type { EntityEditor } from './useEntityEditor.ts';

/*
 * A slot's place on its floor plan (issue 32, item 1), set by an administrator on the slot's page: a click on the
 * picture puts the slot there; the picture takes the focus and the arrow keys move the marker (Shift: ten at a
 * time); the two fields "across" and "down" hold the same place as numbers; "Remove from plan" clears both. They
 * stand in the slot's form and are saved with its other fields (its Save), and the server's codes
 * (PLAN_POSITION_*) land on the fields.
 */

export function PlanPlacementFields({ editor }: { editor: EntityEditor }) {
  const { t } = useTranslation('application');
  const hintId = useId();
  const picture = useRef<HTMLImageElement>(null);
  const token = editor.edited.floorPlan;
  const position = positionOf(editor.edited);
  // Half a place (one number typed) can be removed too.
  const placed = editor.edited.planX != null || editor.edited.planY != null;
  const name = typeof editor.edited.name === 'string' ? editor.edited.name : '';

  const place = (next: PlanPosition | null) => {
    editor.set('planX', next?.x ?? null);
    editor.set('planY', next?.y ?? null);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const next = movedPosition(position, event.key, event.shiftKey);
    if (next !== null) {
      event.preventDefault();
      place(next);
    }
  };
  const where =
    position === null
      ? t('planPlacement.notPlaced', { slot: name })
      : t('planPlacement.placed', { slot: name, x: position.x, y: position.y });

  return (
    <Box
      component="fieldset"
      sx={{ border: 0, p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography component="legend" variant="subtitle1" sx={{ p: 0 }}>
        {t('planPlacement.title')}
      </Typography>
      {typeof token !== 'string' || token === '' ? (
        <Alert severity="info">{t('planPlacement.noPlan')}</Alert>
      ) : (
        <>
          <Typography variant="body2" id={hintId}>
            {t('planPlacement.hint')}
          </Typography>
          <PlanPicture
            token={token}
            alt={t('planPlacement.pictureAlt', { slot: name })}
            pictureRef={picture}
            fallback={<Alert severity="info">{t('planPlacement.notAPicture')}</Alert>}
          >
            <Box
              role="group"
              tabIndex={0}
              aria-label={t('planPlacement.picture', { slot: name })}
              aria-describedby={hintId}
              data-testid="plan-placement"
              onKeyDown={onKeyDown}
              onClick={(event) => {
                const box = picture.current?.getBoundingClientRect();
                const next = box === undefined ? null : positionFromClick(box, event.clientX, event.clientY);
                if (next !== null) {
                  place(next);
                }
              }}
              sx={{
                position: 'absolute',
                inset: 0,
                cursor: 'crosshair',
                borderRadius: 1,
                '&:focus-visible': { outline: 3, outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              {position !== null && (
                <Box
                  component="span"
                  aria-hidden
                  data-testid="plan-marker"
                  sx={{
                    ...markerPlace(position),
                    width: 24,
                    height: 24,
                    borderRadius: '50%',
                    border: 3,
                    borderColor: 'primary.main',
                    bgcolor: 'background.paper',
                    boxShadow: 2,
                    pointerEvents: 'none',
                  }}
                />
              )}
            </Box>
          </PlanPicture>
        </>
      )}
      <Typography variant="body2" role="status" aria-live="polite">
        {where}
      </Typography>
      <FieldGrid columns={2}>
        <EditorField editor={editor} field="planX" kind="integer" hint={t('planPlacement.acrossHint')} />
        <EditorField editor={editor} field="planY" kind="integer" hint={t('planPlacement.downHint')} />
      </FieldGrid>
      <Box>
        <Button variant="outlined" disabled={!placed} onClick={() => place(null)}>
          {t('planPlacement.remove')}
        </Button>
      </Box>
    </Box>
  );
}
