/**
 * Plain text with its http(s) links clickable: the development message log's bodies carry the customer's
 * /respond/… and /track/… links (docs/notifications.md). The text stays text (React escapes it, nothing is parsed
 * as HTML); only a well-formed http: or https: URL becomes an <a>, opened in a new tab without an opener.
 */
import { Link } from '@mui/material';
import type { ReactNode } from 'react';

/** A URL candidate: the scheme and everything up to white space or a character that cannot end up in an href. */
const CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Sentence punctuation after a link ("…: https://x/track/LL1." or "(https://x)") is not part of it. */
const TRAILING = /[.,;:!?)\]}]+$/;

/** The text split into strings and safe links, in order. */
export function linkParts(text: string): ({ text: string } | { href: string; text: string })[] {
  const parts: ({ text: string } | { href: string; text: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const raw = match[0].replace(TRAILING, '');
    const start = match.index;
    let url: URL | null = null;
    try {
      url = new URL(raw);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) continue;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ href: url.href, text: raw });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

export function LinkifiedText({ text }: { text: string }): ReactNode {
  return linkParts(text).map((part, i) =>
    'href' in part ? (
      <Link key={i} href={part.href} target="_blank" rel="noopener noreferrer">
        {part.text}
      </Link>
    ) : (
      part.text
    ),
  );
}
