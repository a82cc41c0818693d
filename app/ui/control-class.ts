import { cn } from "./cn";

/**
 * The look of a one-line form control (a select's trigger, a native select, a combobox). Its own file:
 * a page that styles a native control with it does not load Radix Select.
 */
export const controlClass = (invalid: boolean) =>
  cn(
    "mt-1 flex h-10 w-full items-center justify-between gap-2 rounded-md border bg-white px-3 text-left text-sm shadow-sm",
    "focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30",
    "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500",
    invalid ? "border-red-600" : "border-slate-300",
  );
