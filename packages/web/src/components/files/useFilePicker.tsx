import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The browser's file chooser behind a button of the caller's: `picker` is the hidden input to render, `open`
 * shows the chooser. The input is cleared after each choice, so choosing the same file again still counts.
 */
export function useFilePicker(
  accept: string,
  onFile: (file: File) => void,
): { picker: ReactNode; open(): void } {
  const { t } = useTranslation('application');
  const input = useRef<HTMLInputElement>(null);
  const picker = (
    <input
      ref={input}
      type="file"
      accept={accept}
      hidden
      aria-label={t('adminViews.file.choose')}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file !== undefined) {
          onFile(file);
        }
      }}
    />
  );
  return { picker, open: () => input.current?.click() };
}
