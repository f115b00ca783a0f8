// Pieces of the match page around the table: the seats (with each one's last move and the
// clock of the seat on turn), the move log, and the notice of my expired turn.
import { CardFace } from "./Card";
import type { MatchFieldsFragment } from "./gql/graphql";
import { t, tEnum, tn } from "./i18n";
import { entryText, type Entry } from "./moves";
import { formatDuration } from "./time";

type M = MatchFieldsFragment;

/** A log line with its cards as small faces where the text says `{cards}`. */
export function EntryView({ entry, tiles }: { entry: Entry; tiles: boolean }) {
  const [before, after] = t(entry.key, entry.vars).split("{cards}");
  return (
    <>
      {before}
      {after !== undefined && (
        <span className="chips">{(entry.cards ?? []).map((c, i) => <CardFace key={i} code={c} tiles={tiles} small />)}</span>
      )}
      {after}
    </>
  );
}

export function Seats({ match, tiles, last, clock, lowClock }: { match: M; tiles: boolean; last: Map<number, Entry>; clock: number | null; lowClock: boolean }) {
  const active = match.status === "ACTIVE";
  return (
    <ol className="seats">
      {match.seats.map((s) => {
        const onTurn = active && match.turn?.seat === s.index;
        const move = last.get(s.index);
        return (
          <li key={s.index} className={`seat${onTurn ? " on" : ""}${s.index === match.mySeat ? " me" : ""}`}
            data-controller={s.controller ?? undefined} data-seat={s.index}
            {...(onTurn ? { "data-on-turn": "" } : {})}>
            <span className="seat-head">
              <strong>{s.username ? s.username : s.bot ? t("botN", { n: s.index + 1 }) : t("emptySeat")}{s.index === match.mySeat && <span className="you"> {t("you")}</span>}</strong>
              {String(s.controller) === "BOT" && <span className="badge bot" data-testid="bot-badge">{s.bot ? (tEnum("level", s.bot) ?? t("bot")) : t("bot")}</span>}
              {String(s.controller) === "TAKEOVER" && (
                <span className="badge takeover" data-testid="takeover-badge" title={t("takeoverTitle")}>
                  {t("botPlays")}{s.takeoverReason ? ` · ${tEnum("takeoverReason", String(s.takeoverReason)) ?? ""}` : ""}
                </span>
              )}
              {onTurn && clock !== null && (
                <span className={`seat-clock${lowClock ? " low" : ""}`} data-testid="seat-clock" data-seconds={clock}>{formatDuration(clock)}</span>
              )}
            </span>
            <span className="meta">{tn(tiles ? "tiles" : "cards", s.handCount)}{s.opened ? ` · ${t("opened")}` : ""} · {t("points", { n: s.score })}</span>
            {move && <span className="last-move" data-testid="last-move" title={entryText(move, tiles)}><EntryView entry={move} tiles={tiles} /></span>}
          </li>
        );
      })}
    </ol>
  );
}

/** What a log line is about, for its data-kind: laid (a play), drew, discarded... */
const entryKind = (e: Entry) => (/^log_(laid|opened)/.test(e.key) ? "laid" : e.key.replace(/^log_/, ""));

export function MoveLog({ entries, tiles }: { entries: Entry[]; tiles: boolean }) {
  const shown = entries.slice(-60).reverse();
  return (
    <section className="panel move-log" data-testid="move-log" aria-labelledby="move-log-title">
      <h2 id="move-log-title">{t("moves")}</h2>
      {shown.length === 0 ? <p className="muted">{t("noMoves")}</p> : (
        <ol aria-live="polite" aria-relevant="additions" tabIndex={0} aria-labelledby="move-log-title">
          {shown.map((e) => (
            <li key={e.seq} data-seq={e.seq} data-seat={e.seat ?? undefined} data-kind={entryKind(e)} data-cards={e.cards?.join(" ")}
              className={e.end ? "end" : e.seat === null ? "note" : ""}><EntryView entry={e} tiles={tiles} /></li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function ExpiryNotice({ text, onClose }: { text: string; onClose: () => void }) {
  return (
    <div className="notice warn" role="alert" data-testid="turn-expired">
      <span>{text}</span>
      <button type="button" className="ghost" aria-label={t("close")} onClick={onClose}>×</button>
    </div>
  );
}
