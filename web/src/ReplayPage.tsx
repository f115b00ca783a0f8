import { useEffect, useMemo, useRef, useState } from "react";
import { gql } from "./api";
import { REPLAY } from "./ops";
import type { ReplayQuery } from "./gql/graphql";
import { CardFace } from "./Card";
import { getLang, t, tEnum } from "./i18n";
import { rulesetTitle } from "./Lobby";
import { groupMoves, seatLabel, tableAt, type Entry, type Ev, type Move } from "./moves";
import { EntryView } from "./TableParts";
import { ReplayChat } from "./ChatPanel";

type R = NonNullable<ReplayQuery["replay"]>;
const meldCodes = (cards: { code: string; represents?: string | null }[]) =>
  cards.map((c) => (c.code === "*" && c.represents ? `*:${c.represents}` : c.code));

/**
 * A finished match move by move (from its typed events): the moves listed by round and
 * turn, a slider and autoplay, the table after each move and every seat's hand then.
 */
export default function ReplayPage({ matchId }: { matchId: string }) {
  const [replay, setReplay] = useState<R | null | undefined>(undefined);
  const [step, setStep] = useState(0);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    gql(REPLAY, { id: matchId }).then((d) => setReplay(d.replay), () => setReplay(null));
  }, [matchId]);
  const events: Ev[] = useMemo(() => (replay?.events ?? []).map((e) => e.event), [replay]);
  const moves = useMemo(() => (replay ? groupMoves(events, replay.seats, replay.ruleset === "rummikub" || !!replay.options?.number_values) : []), [replay, events, getLang()]);
  const last = Math.max(0, moves.length - 1);

  // Autoplay: one move a second, stopping at the end.
  useEffect(() => {
    if (!playing) return;
    if (step >= last) return setPlaying(false);
    const timer = setTimeout(() => setStep((s) => Math.min(s + 1, last)), 1000);
    return () => clearTimeout(timer);
  }, [playing, step, last]);

  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.querySelector(`[data-move="${step}"]`)?.scrollIntoView({ block: "nearest" });
  }, [step]);

  if (replay === undefined) return <div className="panel">{t("loading")}</div>;
  if (replay === null) return <div className="panel">{t("noReplay")}</div>;
  const tiles = replay.ruleset === "rummikub" || !!replay.options?.number_values;
  const move = moves[step];
  const upto = move?.last ?? -1;
  const table = tableAt(events, upto).map(meldCodes);
  // Every seat's hand after the move: the last hand each event gave it.
  const hands: (string[] | null)[] = replay.seats.map(() => null);
  for (let i = 0; i <= upto; i++) {
    replay.events[i].hands.forEach((h, seat) => {
      if (h) hands[seat] = h.map((c) => c.code);
    });
  }
  const kinds = move ? events.slice(move.first, move.last + 1).map((e) => tEnum("ev", String(e.kind)) ?? e.type) : [];
  const rounds = [...new Set(moves.map((m) => m.round))];

  return (
    <div className="replay">
      <div className="bar">
        <a href={`#/match/${encodeURIComponent(replay.matchId)}`}>← {t("result")}</a>
        <h1 className="title">{t("replay")} · {rulesetTitle(replay.ruleset)}</h1>
      </div>
      <div className="board">
        <div className="main">
          <section className="panel replay-controls" aria-label={t("replayControls")}>
            <div className="row">
              <button type="button" data-action="previous" disabled={step === 0} onClick={() => { setPlaying(false); setStep(step - 1); }}>{t("previous")}</button>
              <button type="button" className="primary" data-action="autoplay" aria-pressed={playing} onClick={() => { if (step >= last) setStep(0); setPlaying(!playing); }}>
                {playing ? t("pause") : t("play")}
              </button>
              <button type="button" data-action="next" disabled={step >= last} onClick={() => { setPlaying(false); setStep(step + 1); }}>{t("next")}</button>
              <span className="muted" data-testid="replay-position">{t("moveOf", { n: step + 1, of: moves.length })}</span>
            </div>
            <input type="range" name="step" min={0} max={last} value={step} aria-label={t("move")}
              aria-valuetext={move ? moveTitle(move.round, move.turn) : ""}
              onChange={(e) => { setPlaying(false); setStep(Number(e.target.value)); }} />
            {move && (
              <div className="replay-now" data-testid="replay-now">
                <strong>{moveTitle(move.round, move.turn)}{move.seat !== null ? ` · ${seatLabel(replay.seats, move.seat)}` : ""}</strong>
                <ul>{move.entries.map((e) => <li key={e.seq}><EntryView entry={e} tiles={tiles} /></li>)}</ul>
                <p className="muted kinds">{kinds.join(" · ")}</p>
              </div>
            )}
          </section>
          <section data-testid="table" className="table" aria-label={t("table")}>
            {table.map((m, i) => (
              <div key={i} className="meld" data-meld={i}><div className="cards">{m.map((c, j) => <span key={j} className="card" data-card={c}><CardFace code={c} tiles={tiles} /></span>)}</div></div>
            ))}
            {table.length === 0 && <p className="muted empty">{t("noMelds")}</p>}
          </section>
          <section className="panel" data-testid="replay-hands" aria-label={t("hands")}>
            <h2>{t("hands")}</h2>
            {replay.seats.map((s) => (
              <div key={s.index} className="replay-hand" data-hand={s.index}>
                <strong>{seatLabel(replay.seats, s.index)}{replay.winners.includes(s.index) ? " ★" : ""}</strong>{" "}
                <span className="muted">({(hands[s.index] ?? []).length})</span>
                <div className="cards">{(hands[s.index] ?? []).map((c, j) => <CardFace key={j} code={c} tiles={tiles} small />)}</div>
              </div>
            ))}
          </section>
        </div>
        <aside className="side">
          <section className="panel move-list" aria-labelledby="move-list-title">
            <h2 id="move-list-title">{t("moves")}</h2>
            <ol ref={list} data-testid="move-list" tabIndex={0} aria-labelledby="move-list-title">
              {rounds.map((r) => (
                <li key={r} className="round">
                  <h3>{t("roundTitle", { n: r })}</h3>
                  <ol>
                    {moves.map((m, i) => m.round !== r ? null : (
                      <li key={i} data-move={i} {...(i === step ? { "aria-current": "step" as const } : {})}>
                        <button type="button" className="ghost" onClick={() => { setPlaying(false); setStep(i); }}>
                          <span className="muted">{m.turn === null ? "—" : t("turnN", { n: m.turn })}</span>{" "}
                          {mainEntry(m) ? <EntryView entry={mainEntry(m)!} tiles={tiles} /> : m.seat !== null ? seatLabel(replay.seats, m.seat) : ""}
                        </button>
                      </li>
                    ))}
                  </ol>
                </li>
              ))}
            </ol>
          </section>
          <ReplayChat matchId={matchId} />
        </aside>
      </div>
    </div>
  );
}

/** What a move is named by in the list: its seat's last line (a play, a draw...). */
function mainEntry(m: Move): Entry | undefined {
  return m.entries.filter((e) => e.seat === m.seat && e.seat !== null).pop() ?? m.entries[m.entries.length - 1];
}

function moveTitle(round: number, turn: number | null): string {
  return turn === null ? t("roundTitle", { n: round }) : `${t("roundTitle", { n: round })} · ${t("turnN", { n: turn })}`;
}
