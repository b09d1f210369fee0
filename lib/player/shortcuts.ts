/**
 * The video page's keyboard shortcuts: which key does what, and when a key belongs to the focused
 * control instead (typing in a field, Space on a button, arrows on a slider), so that using a
 * control never leaves the shortcuts dead.
 */

export type ShortcutAction =
  | "toggle-play"
  | "previous-line"
  | "next-line"
  | "replay-line"
  | "toggle-mute"
  | "toggle-fullscreen"
  | "show-shortcuts";

/** Where a key was pressed, as far as the shortcuts care. */
export type KeyFocus = "text" | "button" | "slider" | "page";

const ACTIONS: Record<string, ShortcutAction> = {
  " ": "toggle-play",
  k: "toggle-play",
  arrowleft: "previous-line",
  arrowright: "next-line",
  r: "replay-line",
  m: "toggle-mute",
  f: "toggle-fullscreen",
  "?": "show-shortcuts",
};

const BUTTON_KEYS = new Set([" ", "enter"]);
const SLIDER_KEYS = new Set(["arrowleft", "arrowright", "arrowup", "arrowdown", "home", "end", "pageup", "pagedown"]);

/** The shortcut `key` triggers with focus on `focus`, or null when the key is the control's own. */
export function shortcutFor(key: string, focus: KeyFocus): ShortcutAction | null {
  const name = key.toLowerCase();
  if (focus === "text") return null;
  if (focus === "button" && BUTTON_KEYS.has(name)) return null;
  if (focus === "slider" && SLIDER_KEYS.has(name)) return null;
  return ACTIONS[name] ?? null;
}

/** What kind of control `target` is: fields, menus and dialogs keep every key; buttons and sliders some. */
export function keyFocusOf(target: Element | null): KeyFocus {
  if (!target) return "page";
  if ((target as HTMLElement).isContentEditable) return "text";
  if (target.closest("[data-segment-editor], [role=dialog], [role=alertdialog], [role=menu], [role=listbox]")) return "text";
  if (target.matches("[role=slider], input[type=range]")) return "slider";
  if (target.matches("input, textarea, select")) return "text";
  if (target.matches("button, a[href], summary, [role=button], [role=menuitem], [role=tab]")) return "button";
  return "page";
}
