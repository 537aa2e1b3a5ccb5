/** Hands a file to the browser to save, as a download link would (the call behind it carried the token). */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** The file name a `Content-Disposition: attachment; filename="…"` gives. */
export const fileNameOf = (answer: Headers): string | undefined =>
  /filename="([^"]+)"/.exec(answer.get('Content-Disposition') ?? '')?.[1];
