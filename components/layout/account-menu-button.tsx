"use client";
/**
 * The account menu, its code (Radix's menu, focus guards, scroll lock) fetched on first use:
 * pointing at or focusing the button starts the fetch, pressing it opens the menu once the code
 * is here. Until then the button carries the closed menu trigger's attributes.
 */
import { useState, type KeyboardEvent } from "react";
import type { AppUser } from "@/lib/types/api";
import { AccountButton } from "./account-button";

type AccountMenuType = typeof import("./account-menu").AccountMenu;

let loaded: AccountMenuType | null = null;
let loading: Promise<AccountMenuType> | null = null;

function loadMenu() {
  loading ??= import("./account-menu").then((module) => (loaded = module.AccountMenu));
  return loading;
}

const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown"]);

export function AccountMenuButton({ user, onFirstUse }: { user: AppUser | null; onFirstUse: () => void }) {
  // Once the code is here the real menu replaces this button, open when it was pressed.
  const [menu, setMenu] = useState<{ Menu: AccountMenuType; open: boolean } | null>(loaded ? { Menu: loaded, open: false } : null);
  if (menu) return <menu.Menu user={user} defaultOpen={menu.open} />;

  function open() {
    onFirstUse();
    void loadMenu().then((Menu) => setMenu({ Menu, open: true }));
  }
  return (
    <AccountButton
      user={user}
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) open();
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        open();
      }}
    />
  );
}
