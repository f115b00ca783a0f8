import { useEffect, useState } from "react";
import { gql } from "./api";
import { REPLAY } from "./ops";
import type { ReplayQuery } from "./gql/graphql";
import { CardFace } from "./Card";
import { t } from "./i18n";
import { rulesetTitle } from "./Lobby";
import { ReplayChat } from "./ChatPanel";

/** Steps through a finished match's events, showing the table after each. */
export function ReplayPage({ matchId }: { matchId: string }) {
  const [replay, setReplay] = useState<ReplayQuery["replay"] | undefined>(undefined);
  const [step, setStep] = useState(0);
  useEffect(() => {
    gql(REPLAY, { id: matchId }).then((d) => setReplay(d.replay));
  }, [matchId]);
  if (replay === undefined) return <div className="panel">{t("loading")}</div>;
  if (replay === null) return <div className="panel">{t("noReplay")}</div>;
  const ev = replay.events[step];
  let table: string[][] = [];
  for (let i = step; i >= 0; i--) {
    const p = replay.events[i].payload;
    if (p && Array.isArray(p.table)) {
      table = p.table.map((m: unknown) => (Array.isArray(m) ? m : ((m as { cards: string[] }).cards ?? [])));
      break;
    }
  }
  const tiles = replay.ruleset === "rummikub";
  return (
    <div className="panel replay">
      <a href="#/">← {t("lobby")}</a>
      <h2>{t("replay")} · {rulesetTitle(replay.ruleset)}</h2>
      <div className="controls">
        <button type="button" disabled={step === 0} onClick={() => setStep(step - 1)}>{t("previous")}</button>
        <span>{step + 1} / {replay.events.length}: <b>{ev?.type}</b></span>
        <button type="button" disabled={step >= replay.events.length - 1} onClick={() => setStep(step + 1)}>{t("next")}</button>
      </div>
      <div className="table">
        {table.map((m, i) => (
          <div key={i} className="meld"><div className="cards">{m.map((c, j) => <span key={j} className="card"><CardFace code={typeof c === "string" ? c : (c as { code: string }).code} tiles={tiles} /></span>)}</div></div>
        ))}
      </div>
      <pre className="payload">{JSON.stringify(ev?.payload, null, 1)?.slice(0, 800)}</pre>
      <ReplayChat matchId={matchId} />
    </div>
  );
}
