import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Turns the URLs in a message into links, so a demo user can click a confirmation link.
 * Underlined: inside running text a link must not differ by colour alone (WCAG 1.4.1). */
export function linkify(text: string): ReactNode[] {
  return text.split(URL_PATTERN).map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never reorder
      <Anchor key={index} href={part} underline="always">
        {part}
      </Anchor>
    ) : (
      part
    ),
  );
}
