export interface InlineSegment {
  text: string;
  bold: boolean;
}

/** Splits legal text at its **bold** markers; an unpaired marker is kept as plain text. */
export function parseInline(text: string): InlineSegment[] {
  const segments: InlineSegment[] = [];
  let rest = text;
  while (rest.length > 0) {
    const open = rest.indexOf("**");
    const close = open < 0 ? -1 : rest.indexOf("**", open + 2);
    if (open < 0 || close < 0) {
      segments.push({ text: rest, bold: false });
      break;
    }
    if (open > 0) segments.push({ text: rest.slice(0, open), bold: false });
    if (close > open + 2) segments.push({ text: rest.slice(open + 2, close), bold: true });
    rest = rest.slice(close + 2);
  }
  return segments;
}
