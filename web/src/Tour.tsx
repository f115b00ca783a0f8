// The first-match walkthrough: a few steps that point at the hand, the table and the
// buttons, shown in a newcomer's first match until done or skipped (kept in the browser's
// storage; the menu can show it again). It sits above the table and blocks nothing.
import { useState } from "react";
import { t, type Key } from "./i18n";
import { setSetting } from "./settings";

const STEPS: { key: Key; focus: string }[] = [
  { key: "tour1", focus: "hand" },
  { key: "tour2", focus: "table" },
  { key: "tour3", focus: "controls" },
  { key: "tour4", focus: "log" },
];

export function Tour({ tiles }: { tiles: boolean }) {
  const [step, setStep] = useState(0);
  const done = () => setSetting("tourDone", true);
  const s = STEPS[step];
  return (
    <aside className="tour panel" data-testid="tour" data-step={step + 1} data-focus={s.focus} aria-labelledby="tour-title">
      <h2 id="tour-title">{t("tourTitle", { n: step + 1, of: STEPS.length })}</h2>
      <p>{t(s.key, { cards: tiles ? t("tilesWord") : t("cardsWord") })}</p>
      <div className="row">
        {step < STEPS.length - 1 ? (
          <button type="button" className="primary" data-action="tour-next" onClick={() => setStep(step + 1)}>{t("tourNext")}</button>
        ) : (
          <button type="button" className="primary" data-action="tour-done" onClick={done}>{t("tourDone")}</button>
        )}
        <button type="button" className="ghost" data-action="tour-skip" onClick={done}>{t("tourSkip")}</button>
      </div>
    </aside>
  );
}
