import { useEffect, useRef, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";

export type ToastType = "success" | "error" | "info" | "warning";

export type ToastMessage = {
  type: ToastType;
  message: string;
  params?: Record<string, string | number>;
};

/** Spec 2: toasts top right, 4000 ms, 3 visible, 14 px apart. */
export const TOAST_OPTIONS = { position: "top-right", duration: 4000, visibleToasts: 3, gap: 14 } as const;

type Sonner = typeof import("sonner");
type QueuedToast = { type: ToastType; text: string };

/**
 * Sonner is loaded with the first toast, not with every page: most pages show none, and it weighs as much
 * as a page's own code. Toasts asked for before it arrives wait here; the Toaster shows them once its
 * toast area is mounted (sonner drops toasts sent while no area listens).
 */
let store: { sonner: Sonner | null; queued: QueuedToast[] } = { sonner: null, queued: [] };
const NOTHING_YET: typeof store = { sonner: null, queued: [] };
const listeners = new Set<() => void>();
let loading = false;

function update(next: typeof store) {
  store = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function loadSonner() {
  if (store.sonner || loading) return;
  loading = true;
  import("sonner").then(
    (sonner) => update({ ...store, sonner }),
    () => {
      // Offline or a stale deployment: the next toast tries again.
      loading = false;
    },
  );
}

function send({ toast }: Sonner, { type, text }: QueuedToast) {
  if (type === "success") toast.success(text);
  else if (type === "error") toast.error(text);
  else if (type === "warning") toast.warning(text);
  else toast.info(text);
}

/** Shows an already translated text; for a result known only in the browser (a copy, a client check). */
export function showToast(type: ToastType, text: string) {
  update({ ...store, queued: [...store.queued, { type, text }] });
  loadSonner();
}

/**
 * Renders the toast area and shows the toast the server flashed (redirectWithToast), if any: once, and
 * in the page's language (after a language change the new texts arrive a moment after the page).
 */
export function Toaster({ toast, locale }: { toast?: ToastMessage | null; locale?: string }) {
  const { t, i18n } = useTranslation();
  const shown = useRef<ToastMessage | null>(null);
  const { sonner, queued } = useSyncExternalStore(
    subscribe,
    () => store,
    () => NOTHING_YET,
  );
  useEffect(() => {
    if (!toast || shown.current === toast) return;
    if (locale && i18n.language !== locale) return;
    shown.current = toast;
    showToast(toast.type, t(toast.message, toast.params ?? {}) as string);
  }, [toast, t, i18n.language, locale]);
  useEffect(() => {
    // Runs after the toast area below (a child) has mounted and listens.
    if (!sonner || queued.length === 0) return;
    update({ ...store, queued: [] });
    for (const item of queued) send(sonner, item);
  }, [sonner, queued]);
  return sonner ? <sonner.Toaster {...TOAST_OPTIONS} richColors closeButton /> : null;
}
