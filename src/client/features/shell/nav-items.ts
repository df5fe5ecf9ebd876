import { Compass, Heart, House, Newspaper, UserRound, Users, type LucideIcon } from "lucide-react";
import { NAV_ITEMS } from "@shared/constants";

const ICONS: Record<(typeof NAV_ITEMS)[number]["path"], LucideIcon> = {
  "/": House,
  "/feed": Newspaper,
  "/explore": Compass,
  "/saved": Heart,
  "/friends": Users,
  "/profile": UserRound,
};

export const navEntries = NAV_ITEMS.map((item) => ({ ...item, icon: ICONS[item.path] }));
