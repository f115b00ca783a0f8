// The player's settings, kept in the browser's storage: sounds (off by default), the card
// size, and whether the first-match walkthrough was seen. `useSettings` re-renders a
// component when one changes.
import { useEffect, useState } from "react";

export type CardSize = "S" | "M" | "L";
export interface Settings {
  sound: boolean;
  cardSize: CardSize;
  tourDone: boolean;
}

const KEYS = { sound: "rummy.sound", cardSize: "rummy.cardSize", tourDone: "rummy.tour" } as const;
const store = () => (typeof localStorage !== "undefined" ? localStorage : null);

export function readSettings(): Settings {
  const s = store();
  const size = s?.getItem(KEYS.cardSize);
  return {
    sound: s?.getItem(KEYS.sound) === "on",
    cardSize: size === "S" || size === "L" ? size : "M",
    tourDone: s?.getItem(KEYS.tourDone) === "done",
  };
}

const listeners = new Set<() => void>();

export function setSetting<K extends keyof Settings>(key: K, value: Settings[K]) {
  const s = store();
  if (key === "sound") s?.setItem(KEYS.sound, value ? "on" : "off");
  else if (key === "cardSize") s?.setItem(KEYS.cardSize, String(value));
  else if (key === "tourDone") {
    if (value) s?.setItem(KEYS.tourDone, "done");
    else s?.removeItem(KEYS.tourDone);
  }
  applySettings();
  listeners.forEach((f) => f());
}

/** The card size as an attribute of <html> (the stylesheet sizes cards from it). */
export function applySettings() {
  if (typeof document !== "undefined") document.documentElement.dataset.cardSize = readSettings().cardSize;
}

export function useSettings(): Settings {
  const [settings, set] = useState(readSettings);
  useEffect(() => {
    const f = () => set(readSettings());
    listeners.add(f);
    return () => {
      listeners.delete(f);
    };
  }, []);
  return settings;
}
