import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import { createContext, useContext } from "react";

/** Spec 9: tooltips open after 700 ms; moving to another one within 300 ms opens it at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

const ProviderPresent = createContext(false);

/**
 * Put around a page's tooltips so they share the skip delay (storybook does). Not in the root: pages
 * without tooltips would load Radix Tooltip for nothing; a Tooltip without a provider brings its own.
 */
export function TooltipProvider({ children }: { children: React.ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <ProviderPresent.Provider value={true}>{children}</ProviderPresent.Provider>
    </TooltipPrimitive.Provider>
  );
}

type TooltipProps = {
  content: React.ReactNode;
  /** One focusable element (a button or link): keyboard focus shows the tooltip as hover does. */
  children: React.ReactElement;
  side?: "top" | "right" | "bottom" | "left";
};

/** A short hint on hover or focus. Not for essential information: touch screens never show it. */
export function Tooltip({ content, children, side = "top" }: TooltipProps) {
  const tooltip = (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={6}
          className="z-50 max-w-xs rounded-md bg-slate-900 px-2.5 py-1.5 text-xs text-white shadow-md"
        >
          {content}
          <TooltipPrimitive.Arrow className="fill-slate-900" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
  // Radix throws without a provider; a page that has none still gets the spec's timings.
  return useContext(ProviderPresent) ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}
