"use client";
/** The header's avatar menu (entries by role), fetched on first use by account-menu-button.tsx. */
import { Bookmark, Layers, LogOut, Settings, Shield, User as UserIcon, Users } from "lucide-react";
import Link from "next/link";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { AppUser } from "@/lib/types/api";
import { displayName } from "@/lib/users/display";
import { AccountButton } from "./account-button";

export function AccountMenu({ user, defaultOpen, onLogout }: { user: AppUser | null; defaultOpen: boolean; onLogout: () => void }) {
  const isAdmin = user?.role === "admin" || user?.role === "owner";
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AccountButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="font-normal">
          <span className="block truncate font-semibold">{user ? displayName(user) : "…"}</span>
          <span className="block truncate text-xs text-muted-foreground">{user?.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/profile"><UserIcon aria-hidden /> Profile</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/saved"><Bookmark aria-hidden /> Saved</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/review"><Layers aria-hidden /> Review</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/settings"><Settings aria-hidden /> Settings</Link>
        </DropdownMenuItem>
        {isAdmin ? (
          <DropdownMenuItem asChild>
            <Link href="/admin"><Shield aria-hidden /> Admin Panel</Link>
          </DropdownMenuItem>
        ) : null}
        {user?.role === "owner" ? (
          <DropdownMenuItem asChild>
            <Link href="/users"><Users aria-hidden /> Users</Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onLogout}>
          <LogOut aria-hidden /> Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
