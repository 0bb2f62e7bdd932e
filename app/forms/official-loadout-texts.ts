/** The official loadout form's message, apart from `./official-loadout` (its schema, issue 32). */
export const TITLE_REQUIRED = "Title is required";
