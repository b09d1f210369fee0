/** How a user is named on screen: first name, else username, else 'User'. */
type Named = { firstName?: string | null; lastName?: string | null; username?: string | null; email?: string | null };

export function greetingName(user: Named | null | undefined): string {
  return user?.firstName?.trim() || user?.username?.trim() || "User";
}

export function displayName(user: Named): string {
  const full = [user.firstName, user.lastName].filter((p) => p && p.trim()).join(" ");
  return full || user.username || user.email || "User";
}

export function initials(user: Named): string {
  const letters = [user.firstName, user.lastName].map((p) => p?.trim()[0]).filter(Boolean);
  if (letters.length) return letters.join("").toUpperCase();
  return (user.username || user.email || "U").trim()[0]!.toUpperCase();
}
