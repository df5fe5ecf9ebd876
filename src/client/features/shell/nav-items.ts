import { Compass, Heart, House, Newspaper, Shield, Store, UserRound, Users, type LucideIcon } from "lucide-react";
import { NAV_ITEMS } from "@client/lib/texts";

const ICONS: Record<(typeof NAV_ITEMS)[number]["path"], LucideIcon> = {
  "/": House,
  "/feed": Newspaper,
  "/explore": Compass,
  "/saved": Heart,
  "/friends": Users,
  "/profile": UserRound,
};

export const navEntries = NAV_ITEMS.map((item) => ({ ...item, icon: ICONS[item.path] }));

/** Shown after the spec's six to the people they are for: venue owners and admins. */
export const BUSINESS_ENTRY = { label: "Business", path: "/business", icon: Store as LucideIcon } as const;
export const ADMIN_ENTRY = { label: "Admin", path: "/admin", icon: Shield as LucideIcon } as const;
