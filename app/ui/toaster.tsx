import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Toaster as Sonner, toast as sonnerToast } from "sonner";

export type ToastType = "success" | "error" | "info" | "warning";

export type ToastMessage = {
  type: ToastType;
  message: string;
  params?: Record<string, string | number>;
};

/** Spec 2: toasts top right, 4000 ms, 3 visible, 14 px apart. */
export const TOAST_OPTIONS = { position: "top-right", duration: 4000, visibleToasts: 3, gap: 14 } as const;

/** Shows an already translated text; for a result known only in the browser (a copy, a client check). */
export function showToast(type: ToastType, text: string) {
  if (type === "success") sonnerToast.success(text);
  else if (type === "error") sonnerToast.error(text);
  else if (type === "warning") sonnerToast.warning(text);
  else sonnerToast.info(text);
}

/**
 * Renders the toast area and shows the toast the server flashed (redirectWithToast), if any: once, and
 * in the page's language (after a language change the new texts arrive a moment after the page).
 */
export function Toaster({ toast, locale }: { toast?: ToastMessage | null; locale?: string }) {
  const { t, i18n } = useTranslation();
  const shown = useRef<ToastMessage | null>(null);
  useEffect(() => {
    if (!toast || shown.current === toast) return;
    if (locale && i18n.language !== locale) return;
    shown.current = toast;
    showToast(toast.type, t(toast.message, toast.params ?? {}) as string);
  }, [toast, t, i18n.language, locale]);
  return <Sonner {...TOAST_OPTIONS} richColors closeButton />;
}
