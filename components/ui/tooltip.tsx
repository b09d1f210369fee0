"use client";
/**
 * A tooltip: a short label for a control, shown above it (below when there is no room) while the
 * pointer rests on it for 700 ms, or at once while it has keyboard focus (SPEC §9: 700 ms, and
 * within 300 ms of another tooltip closing, at once). Escape, a press, leaving or scrolling hides
 * it (scrolling leaves a label shown for keyboard focus in place beside its control: the scroll
 * that brings a focused control into view must not close it); the pointer may move onto the label
 * without it closing. While shown, the control is
 * described by it (aria-describedby) and the label has role="tooltip".
 *
 * Written here rather than with Radix's tooltip: that one brings a positioning engine (about
 * 17 KB gzip) to every signed-in page for two labels. The control itself is rendered unchanged,
 * so its focus, name and events are its own.
 */
import { cloneElement, useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactElement } from "react";
import { createPortal } from "react-dom";

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
/** How long the label waits for the pointer to move from the control onto it. */
const CLOSE_GRACE_MS = 100;
const OFFSET_PX = 8;
const EDGE_PX = 8;

/** When any tooltip last closed: opening another within the skip window needs no delay. */
let lastClosedAt = 0;

type Place = { top: number; left: number; side: "top" | "bottom"; arrowLeft: number };

function placeAbove(trigger: DOMRect, content: DOMRect): Place {
  const above = trigger.top - content.height - OFFSET_PX;
  const side = above >= EDGE_PX ? "top" : "bottom";
  const top = side === "top" ? above : trigger.bottom + OFFSET_PX;
  const centre = trigger.left + trigger.width / 2;
  const left = Math.min(Math.max(EDGE_PX, centre - content.width / 2), window.innerWidth - content.width - EDGE_PX);
  return { top, left, side, arrowLeft: centre - left };
}

export function Tooltip({ content, children }: { content: string; children: ReactElement<{ "aria-describedby"?: string }> }) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<Place | null>(null);
  const id = useId();
  const wrapper = useRef<HTMLSpanElement>(null);
  const label = useRef<HTMLDivElement>(null);
  const timer = useRef<number | undefined>(undefined);
  /** Shown for keyboard focus (kept while scrolling) rather than for the pointer. */
  const byFocus = useRef(false);

  const clear = () => window.clearTimeout(timer.current);
  const show = useCallback(() => {
    window.clearTimeout(timer.current);
    setOpen(true);
  }, []);
  const hide = useCallback(() => {
    window.clearTimeout(timer.current);
    setOpen((was) => {
      if (was) lastClosedAt = Date.now();
      return false;
    });
    setPlace(null);
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  useLayoutEffect(() => {
    const trigger = wrapper.current?.firstElementChild;
    if (!open || !trigger || !label.current) return;
    setPlace(placeAbove(trigger.getBoundingClientRect(), label.current.getBoundingClientRect()));
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") hide();
    };
    const onScroll = () => {
      const trigger = wrapper.current?.firstElementChild;
      if (byFocus.current && trigger?.contains(document.activeElement) && label.current) {
        setPlace(placeAbove(trigger.getBoundingClientRect(), label.current.getBoundingClientRect()));
      } else hide();
    };
    document.addEventListener("keydown", onKey, true);
    window.addEventListener("scroll", onScroll, { capture: true, passive: true });
    return () => {
      document.removeEventListener("keydown", onKey, true);
      window.removeEventListener("scroll", onScroll, { capture: true });
    };
  }, [open, hide]);

  const describedBy = [children.props["aria-describedby"], open ? id : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <span
      ref={wrapper}
      className="contents"
      onPointerEnter={(event) => {
        if (event.pointerType === "touch") return;
        clear();
        byFocus.current = false;
        if (Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) show();
        else timer.current = window.setTimeout(show, TOOLTIP_DELAY_MS);
      }}
      onPointerLeave={() => {
        clear();
        timer.current = window.setTimeout(hide, CLOSE_GRACE_MS);
      }}
      onPointerDown={hide}
      onFocus={(event) => {
        // Keyboard focus shows it; focus that follows a press does not.
        if (event.target.matches(":focus-visible")) {
          byFocus.current = true;
          show();
        }
      }}
      onBlur={hide}
    >
      {cloneElement(children, { "aria-describedby": describedBy })}
      {open
        ? createPortal(
            <div
              ref={label}
              id={id}
              role="tooltip"
              data-slot="tooltip-content"
              data-side={place?.side}
              onPointerEnter={clear}
              onPointerLeave={hide}
              style={{ position: "fixed", top: place?.top ?? 0, left: place?.left ?? 0, visibility: place ? "visible" : "hidden" }}
              className="z-50 w-fit max-w-xs animate-in rounded-md bg-foreground px-3 py-1.5 text-xs font-medium text-balance text-background fade-in-0 zoom-in-95"
            >
              {content}
              <span
                aria-hidden
                style={{ left: (place?.arrowLeft ?? 0) - 5 }}
                className={
                  place?.side === "bottom"
                    ? "absolute -top-1 size-2.5 rotate-45 rounded-[2px] bg-foreground"
                    : "absolute -bottom-1 size-2.5 rotate-45 rounded-[2px] bg-foreground"
                }
              />
            </div>,
            document.body,
          )
        : null}
    </span>
  );
}
