import { cn } from "./cn";

/**
 * The look of a one-line form control (a select's trigger, a native select, a combobox). Its own file:
 * a page that styles a native control with it does not load Radix Select.
 */
export const controlClass = (invalid: boolean) => cn("control control-line", invalid && "control-invalid");
