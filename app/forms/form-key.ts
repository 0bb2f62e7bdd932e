/** The hidden field of a form that creates a row once however often it is posted: its loader's fresh key (ADR 090). */
export const FORM_KEY_FIELD = "formKey";
