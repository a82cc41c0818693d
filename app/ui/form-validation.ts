/**
 * When every form checks its fields in the browser (the server checks again on every post): when sent, then on each keystroke in a field
 * that shows an error. Never when a field loses focus: pressing the mouse on a button or a link takes the
 * focus from the field, and an error appearing or going then moves the button or link before the mouse is
 * released, so the click is lost (Send reset link after a corrected email, Back to sign in under the empty
 * email field): the forms worked only with Enter.
 */
export const formValidation = { shouldValidate: "onSubmit", shouldRevalidate: "onInput" } as const;
