import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { operation } from '../../api/model.ts';
import { useDialogs } from '../../feedback/dialogs.tsx';
import type { EntityEditor } from './useEntityEditor.ts';

/** What deactivating a user would release, as UserSettings.queryDeactivationRelease counts it. */
export type Release = { upcomingReservations: number; waitlistPlaces: number; drawRequests: number };

/**
 * The confirmation of a deactivation, in the interface language: what it releases, each with its own plural
 * ("1 upcoming reservation and 1 waitlist place"), listed as the language joins a list; what it does not undo.
 */
export function leavingMessage(t: TFunction<'application'>, language: string, release: Release): string {
  const held = (
    [
      ['upcomingReservations', release.upcomingReservations],
      ['waitlistPlaces', release.waitlistPlaces],
      ['drawRequests', release.drawRequests],
    ] as const
  )
    .filter(([, count]) => count > 0)
    .map(([part, count]) => t(`adminViews.user.leaving.${part}`, { count }));
  if (held.length === 0) {
    return t('adminViews.user.leaving.nothing');
  }
  const items = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(held);
  return t('adminViews.user.leaving.releases', { items });
}

/**
 * The user view's editor whose Save, when it unticks "Active", first says what the deactivation will release
 * and asks to confirm (the dialog takes the focus, answers No to Escape, and is named and described for screen
 * readers); No saves nothing.
 */
export function useLeavingConfirmation(editor: EntityEditor): EntityEditor {
  const { t, i18n } = useTranslation('application');
  const dialogs = useDialogs();
  const leaving = editor.loaded?.isActive === true && editor.edited.isActive === false;
  if (!leaving || editor.loaded === null) {
    return editor;
  }
  const user = editor.loaded;
  return {
    ...editor,
    save: async () => {
      const release = (await operation(
        'UserSettings',
        'queryDeactivationRelease',
        undefined,
        user,
      )) as Release;
      const confirmed = await dialogs.confirm({
        title: t('adminViews.user.leaving.title', { name: String(user.name ?? '') }),
        message: leavingMessage(t, i18n.language, release),
      });
      if (confirmed) {
        await editor.save();
      }
    },
  };
}
