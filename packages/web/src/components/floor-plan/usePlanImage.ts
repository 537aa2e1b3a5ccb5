import { useEffect, useState } from 'react';
import { downloadInline } from '../files/fileTransfer.ts';

export type PlanImage = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; url: string };

/**
 * A floor plan's picture by its file token (SPEC §7 Files: fetched with the token and the bearer, shown from a blob
 * URL, freed when the token changes or the view goes). No token: nothing to show.
 */
export function usePlanImage(token: string | null): PlanImage {
  const [image, setImage] = useState<PlanImage>({ state: 'loading' });
  useEffect(() => {
    if (token === null) {
      setImage({ state: 'failed' });
      return;
    }
    let url: string | null = null;
    let gone = false;
    setImage({ state: 'loading' });
    downloadInline(token).then(
      (file) => {
        url = file.url;
        if (gone) {
          URL.revokeObjectURL(file.url);
          return;
        }
        setImage({ state: 'ready', url: file.url });
      },
      () => {
        if (!gone) {
          setImage({ state: 'failed' });
        }
      },
    );
    return () => {
      gone = true;
      if (url !== null) {
        URL.revokeObjectURL(url);
      }
    };
  }, [token]);
  return image;
}
