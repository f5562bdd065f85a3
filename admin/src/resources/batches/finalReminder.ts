/**
 * Whether a batch sends its own final reminder text: the stored flag (0/1) or the form switch's value
 * (true/false). The final reminder message is asked for and shown only then (otherwise it is never sent).
 */
export const customFinalReminderOn = (value: unknown) => value === true || value === 1 || value === '1';
