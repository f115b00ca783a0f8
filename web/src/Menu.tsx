// The header's menu: the pages of playing together (a phone's header has no room for
// their links), sounds, the card size, notifications (this browser's Web Push opt-in,
// PushToggle, and the account's notification settings), how to play, the walkthrough,
// the account.
import { useEffect, useRef, useState } from "react";
import { t } from "./i18n";
import { RULES_PAGES, rulesetTitle } from "./Lobby";
import { setSetting, useSettings, type CardSize } from "./settings";
import { play, unlockAudio } from "./sound";
import { PushToggle } from "./PushToggle";
import { NotifySettings } from "./NotifySettings";

export function Menu({ user, onLogout }: { user: { username: string } | null; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const settings = useSettings();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === "Escape" : !box.current?.contains(e.target as Node)) setOpen(false);
    };
    addEventListener("keydown", close);
    addEventListener("pointerdown", close);
    return () => {
      removeEventListener("keydown", close);
      removeEventListener("pointerdown", close);
    };
  }, [open]);
  const toggleSound = () => {
    const on = !settings.sound;
    if (on) unlockAudio();
    setSetting("sound", on);
    if (on) play("turn"); // what it sounds like
  };
  return (
    <div className="menu-box" ref={box}>
      <button type="button" data-action="menu" aria-expanded={open} aria-controls="menu" onClick={() => setOpen(!open)}>
        <span aria-hidden="true">☰</span> {t("menu")}
      </button>
      {open && (
        <div id="menu" className="menu" data-testid="menu">
          <section>
            <h2>{t("settings")}</h2>
            <button type="button" data-action="sound" aria-pressed={settings.sound} onClick={toggleSound}>
              {settings.sound ? t("soundOn") : t("soundOff")}
            </button>
            <label>{t("cardSize")}{" "}
              <select name="cardSize" value={settings.cardSize} onChange={(e) => setSetting("cardSize", e.target.value as CardSize)}>
                <option value="S">{t("size_S")}</option>
                <option value="M">{t("size_M")}</option>
                <option value="L">{t("size_L")}</option>
              </select>
            </label>
          </section>
          {user && (
            // The header's own links to these pages give way to the menu on a phone.
            <section className="pages">
              <h2>{t("playTogether")}</h2>
              <ul>
                <li><a href="#/tournaments" data-action="menu-tournaments" onClick={() => setOpen(false)}>{t("tournaments")}</a></li>
                <li><a href="#/friends" data-action="menu-friends" onClick={() => setOpen(false)}>{t("friends")}</a></li>
              </ul>
            </section>
          )}
          <section data-testid="notify-settings">
            <h2>{t("notifications")}</h2>
            <PushToggle />
            <NotifySettings />
          </section>
          <section>
            <h2>{t("howToPlay")}</h2>
            <ul>
              {RULES_PAGES.map((name) => <li key={name}><a href={`#/rules/${name}`} onClick={() => setOpen(false)}>{rulesetTitle(name)}</a></li>)}
            </ul>
            <button type="button" className="ghost" data-action="tour-again" disabled={!settings.tourDone} onClick={() => setSetting("tourDone", false)}>{t("tourAgain")}</button>
          </section>
          {user && (
            <section>
              <h2>{t("account")}</h2>
              <p className="muted">{t("signedInAs", { name: user.username })}</p>
              <button type="button" data-action="logout" onClick={() => { setOpen(false); onLogout(); }}>{t("logout")}</button>
            </section>
          )}
        </div>
      )}
    </div>
  );
}
