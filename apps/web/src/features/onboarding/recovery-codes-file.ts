// The recovery codes as the text file a client keeps them in (docs/security-settings.md,
// "Recovery codes"). Made in the browser from the answer on screen: the server cannot send them
// again, as it keeps only their hashes.

/** A heading, one code a line, and what the codes are for. */
export function recoveryCodesText(
  codes: readonly string[],
  words: { heading: string; note: string },
): string {
  return [words.heading, '', ...codes, '', words.note, ''].join('\n');
}

/** 'Bluepeak Money' -> 'bluepeak-money-recovery-codes.txt'. */
export function recoveryCodesFileName(brandName: string): string {
  const slug = brandName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug === '' ? 'bank' : slug}-recovery-codes.txt`;
}

/** Hands the text to the browser as a download; nothing leaves the page. */
export function downloadTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over: revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
