/**
 * The craft forms' messages (the admin's editor and the player's form): the spec's texts. Apart
 * from `./sticker-craft` so the pages' pickers and forms load no zod for them (issue 32).
 */
export const NAME_REQUIRED = "Name is required";
export const SKIN_REQUIRED = "Skin is required";
export const SAVE_FAILED = "Error saving sticker craft";
export const DELETE_FAILED = "Error deleting sticker craft";
/** Asked before a craft is deleted (the admin list, the moderation queue, My Crafts). */
export const DELETE_CONFIRM = "Are you sure you want to delete this sticker craft? This action cannot be undone.";
