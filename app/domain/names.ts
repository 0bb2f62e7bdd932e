/**
 * Names and titles (loadout titles, craft and sticker names) are shown to other players, in lists
 * and in headings, so they must show something and must not turn the text around them: a name made
 * only of invisible characters (zero-width spaces, joiners, fillers) looks empty, and a
 * bidirectional override or isolate (U+202A to U+202E, U+2066 to U+2069) reverses what follows it
 * (`‮gpj.exe`). Descriptions and notes are free text and are not held to this.
 */

export const NAME_INVISIBLE = "Use visible characters: this text shows nothing once invisible characters are removed.";
export const NAME_DIRECTION = "Remove the text-direction control characters (U+202A to U+202E, U+2066 to U+2069).";

/**
 * What shows nothing: Unicode's default-ignorable code points (zero-width space, joiners, word
 * joiner, byte order mark, soft hyphen, Hangul fillers, variation selectors, tags), white space,
 * control characters and the blank Braille pattern.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{White_Space}\p{Cc}\u2800]/gu;
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;

/** The text with every invisible character removed. */
export function visiblePart(text: string): string {
  return text.replace(INVISIBLE, "");
}

/** Why a name or title is refused, or null when it may be used. Empty text is for "required" to judge. */
export function nameProblem(text: string): string | null {
  if (DIRECTION_CONTROL.test(text)) return NAME_DIRECTION;
  if (text !== "" && visiblePart(text) === "") return NAME_INVISIBLE;
  return null;
}
