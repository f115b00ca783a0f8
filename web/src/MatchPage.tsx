import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { DndContext, PointerSensor, TouchSensor, useDroppable, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { gql, subscribe } from "./api";
import { ADD_BOT, CHECK, COMMIT, CREATE, DISCARD, DRAFT, DRAW, EVENTS, FITS, HINT, INVITATION, JOIN, MATCH, PASS, SET_RACK_ORDER, START, UNDO } from "./ops";
import type { BotLevel, CheckQuery, DrawSource, MatchFieldsFragment } from "./gql/graphql";
import { CardFace, DraggableCard } from "./Card";
import { moveCard, played, rackOrder, reorder, sameTable, SeqTracker, splitMeld, type Draft, type Place, type Target } from "./draft";
import { annotateJokers, sortByRank, sortBySuit } from "./cards";
import { t } from "./i18n";

type M = MatchFieldsFragment;
const meldCodes = (cards: { code: string; represents?: string | null }[]) =>
  cards.map((c) => (c.code === "*" && c.represents ? `*:${c.represents}` : c.code));
const key = () => Math.random().toString(36).slice(2);

function placeOf(id: string): Place | null {
  const p = id.split(":");
  if (p[0] === "h") return { zone: "hand", index: Number(p[1]) };
  if (p[0] === "m") return { zone: "meld", meld: Number(p[1]), index: Number(p[2]) };
  return null;
}
function targetOf(id: string): Target | null {
  if (id === "new") return { zone: "new" };
  if (id === "hand") return { zone: "hand" };
  if (id.startsWith("meld:")) return { zone: "meld", meld: Number(id.slice(5)) };
  return null;
}

export function MatchPage({ matchId, invite, me }: { matchId: string; invite: string | null; me: { username: string } }) {
  const [match, setMatch] = useState<M | null>(null);
  const [missing, setMissing] = useState(false);
  const [status, setStatus] = useState("");
  const [draft, setDraft] = useState<Draft | null>(null);
  const [draftTurn, setDraftTurn] = useState<number | null>(null);
  const [history, setHistory] = useState<Draft[]>([]);
  const [checks, setChecks] = useState<CheckQuery["checkMelds"]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [fits, setFits] = useState<number[]>([]);
  const [now, setNow] = useState(Date.now());
  const [lastTable, setLastTable] = useState<string[][] | null>(null); // the table as my last turn left it
  const seq = useRef(new SeqTracker(0));
  const [events, setEvents] = useState<string[]>([]);

  const load = useCallback(async () => {
    try {
      const d = await gql(MATCH, { id: matchId });
      if (d.match) return setMatch(d.match);
      // A private match exists for a non-member only through its invitation.
      const inv = invite ? (await gql(INVITATION, { id: matchId, code: invite })).invitation : null;
      if (!inv) return setMissing(true);
      setMatch(inv);
    } catch (e) {
      setStatus((e as Error).message);
    }
  }, [matchId, invite]);

  useEffect(() => {
    load();
  }, [load]);

  // Live: follow the match's events from the last seq seen; any event refreshes the view.
  const subscribed = match !== null;
  useEffect(() => {
    if (!subscribed) return;
    if (seq.current.last === 0 && match) seq.current.last = match.lastSeq;
    return subscribe(EVENTS, () => ({ id: matchId, after: seq.current.last }), (d) => {
      const ev = d.matchEvents;
      if (!seq.current.accept(ev.seq)) return;
      setEvents((l) => [...l, `${ev.seq} ${ev.type}`]);
      load();
    });
  }, [subscribed, matchId]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);

  const tiles = match?.ruleset === "rummikub" || (match?.options?.number_values ?? false);
  // What I may do now (typed LegalActions; the deprecated `legal` JSON is not read).
  const legal = match?.legalActions;
  const myTurn = !!match && match.status === "ACTIVE" && match.turn?.seat === match.mySeat && !!legal?.onTurn;
  const turnNo = match?.turn?.number ?? null;
  const serverTable = useMemo(() => (match ? match.table.map((m) => meldCodes(m.cards)) : []), [match]);
  const serverHand = useMemo(() => (match?.myHand ?? []).map((c) => c.code), [match]);

  // A fresh turn of mine starts a local draft from the table and hand as they are.
  useEffect(() => {
    if (!match) return;
    if (myTurn && turnNo !== null && (draftTurn !== turnNo || !draft)) {
      setDraft({ table: serverTable, hand: serverHand });
      setDraftTurn(turnNo);
      setHistory([]);
    } else if (myTurn && draft && draftTurn === turnNo && [...draft.hand, ...draft.table.flat()].length !== [...serverHand, ...serverTable.flat()].length && history.length === 0) {
      // The server's hand changed during my turn (a draw in classic rummy): follow it.
      setDraft({ table: serverTable, hand: serverHand });
    } else if (!myTurn && draft) {
      setDraft(null);
      setDraftTurn(null);
      setLastTable(serverTable);
    }
    if (myTurn && document.hidden && "Notification" in window && Notification.permission === "granted" && draftTurn !== turnNo) {
      new Notification("Rummy", { body: "Your turn" });
    }
  }, [match, myTurn, turnNo]);

  // The hand in myHand's order: the server keeps each seat's rack order (setRackOrder).
  const hand = draft?.hand ?? serverHand;
  const saveRack = async (order: string[]) => {
    if (!match) return;
    const cards = rackOrder(order, serverHand);
    // Shown at once; the server's answer (or the next load) confirms it.
    if (draft) setDraft({ ...draft, hand: order });
    setMatch({ ...match, myHand: cards.map((code) => ({ code })) });
    try {
      const r = (await gql(SET_RACK_ORDER, { id: matchId, cards })).setRackOrder;
      if (r.__typename === "Rejection") {
        setStatus(r.message);
        load();
      } else setMatch(r);
    } catch (e) {
      setStatus((e as Error).message);
    }
  };

  // My draft's jokers show what they stand for as soon as their meld checks valid.
  const shownTable = draft
    ? draft.table.map((m, i) => annotateJokers(m, checks.find((c) => c.meldIndex === i && c.valid)?.cards))
    : match?.turn?.draft ? match.turn.draft.map((m) => meldCodes(m.cards)) : serverTable;
  const othersDraft = !draft && !!match?.turn?.draft;

  // Check the draft's melds (R-EXPLAIN) after each change.
  useEffect(() => {
    if (!match || !draft) return setChecks([]);
    if (draft.table.length === 0) return setChecks([]);
    let live = true;
    gql(CHECK, { ruleset: match.ruleset, melds: draft.table, options: match.options })
      .then((d) => live && setChecks(d.checkMelds))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [draft?.table, match?.ruleset]);

  const change = (next: Draft) => {
    if (!draft || !match || turnNo === null || next === draft) return;
    setHistory((h) => [...h, draft]);
    setDraft(next);
    setSelected(null);
    setFits([]);
    if (legal?.canUpdateDraft) gql(DRAFT, { id: matchId, turn: turnNo, table: next.table }).catch(() => {});
  };

  // Hand indexes as shown (rack order) map back to the draft's hand.
  const handPlace = (shownIndex: number): Place => {
    const code = hand[shownIndex];
    return { zone: "hand", index: (draft?.hand ?? []).indexOf(code) };
  };
  const doMove = (fromId: string, to: Target) => {
    if (!draft) return;
    let from = placeOf(fromId);
    if (!from) return;
    if (from.zone === "hand") {
      if (to.zone === "hand") return;
      from = handPlace(from.index);
    }
    change(moveCard(draft, from, to, serverHand));
  };

  const canEdit = myTurn && !!legal && (legal.canCommit || legal.canUpdateDraft) && String(legal.phase) !== "DRAW" && String(legal.phase) !== "DISCARD";
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over) return;
    const from = String(e.active.id);
    const over = String(e.over.id);
    if (over.startsWith("slot:")) {
      // Free reordering of the hand: drop on another hand card.
      const fromP = placeOf(from);
      if (fromP?.zone === "hand") saveRack(reorder(hand, fromP.index, Number(over.slice(5))));
      else if (canEdit) doMove(from, { zone: "hand" });
      return;
    }
    const to = targetOf(over);
    if (to && canEdit) doMove(from, to);
  };

  const tapCard = async (id: string, code: string) => {
    if (selected === id) {
      setSelected(null);
      setFits([]);
      return;
    }
    setSelected(id);
    setFits([]);
    if (match && id.startsWith("h:") && match.status === "ACTIVE") {
      try {
        const d = await gql(FITS, { id: matchId, card: code });
        setFits(d.fits);
      } catch {
        /* fits is a help only */
      }
    }
  };
  const tapTarget = (to: Target) => {
    if (selected && canEdit) doMove(selected, to);
  };

  const act = async (fn: () => Promise<{ __typename: string; message?: string } & Partial<M>>) => {
    setStatus("");
    try {
      const r = await fn();
      if (r.__typename === "Rejection") setStatus(r.message ?? "Rejected");
      else if (r.__typename === "Match") {
        // The turn goes on from the server's new table (classic rummy: meld after meld).
        setDraft(null);
        setHistory([]);
        setMatch(r as M);
      }
    } catch (e) {
      setStatus((e as Error).message);
    }
  };
  const turnArgs = () => ({ id: matchId, turn: turnNo as number, key: key() });
  const commit = () => act(async () => (await gql(COMMIT, { ...turnArgs(), table: draft!.table })).commitTurn);
  const draw = (source: DrawSource) => act(async () => (await gql(DRAW, { ...turnArgs(), source })).draw);
  const discard = () => {
    const code = selected?.startsWith("h:") ? hand[Number(selected.slice(2))] : null;
    if (!code) return setStatus("Select a card in your hand to discard.");
    setSelected(null);
    return act(async () => (await gql(DISCARD, { ...turnArgs(), card: code })).discard);
  };
  const pass = () => act(async () => (await gql(PASS, turnArgs())).passTurn);
  const undo = () => {
    if (history.length > 0) {
      const prev = history[history.length - 1];
      setHistory((h) => h.slice(0, -1));
      setDraft(prev);
      if (legal?.canUpdateDraft) gql(DRAFT, { id: matchId, turn: turnNo!, table: prev.table }).catch(() => {});
      return;
    }
    if (legal?.canUndo) act(async () => (await gql(UNDO, { id: matchId, turn: turnNo! })).undo);
  };
  const reset = () => {
    if (!draft) return;
    change({ table: serverTable, hand: serverHand });
    setHistory([]);
  };
  const hint = async () => {
    try {
      const d = await gql(HINT, { id: matchId });
      if (!d.hint) return setStatus("No play found.");
      if (draft) {
        const table = d.hint.table.map((m) => meldCodes(m.cards));
        const playedCodes = d.hint.played.map((c) => c.code);
        const left = [...serverHand];
        for (const c of playedCodes) left.splice(left.indexOf(c), 1);
        change({ table, hand: left });
        setStatus(`Hint: play ${playedCodes.join(" ")} (${d.hint.points} points)`);
      }
    } catch (e) {
      setStatus((e as Error).message);
    }
  };

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }));

  if (missing) return <div className="panel"><p>This match does not exist, or you cannot see it.</p><a href="#/">{t("back")}</a></div>;
  if (!match) return <div className="panel">Loading…</div>;

  const seated = match.mySeat !== null && match.mySeat !== undefined;
  const allValid = !!draft && checks.length === draft.table.length && checks.every((c) => c.valid);
  const changed = !!draft && !sameTable(draft.table, serverTable);
  // Seconds left, never shown above the turn's allowance (the deadline may carry a grace).
  const deadline = match.turn?.deadline
    ? Math.max(0, Math.min(match.turnSeconds ?? Infinity, Math.ceil((Date.parse(match.turn.deadline) - now) / 1000)))
    : null;
  const canCommit = myTurn && !!legal?.canCommit && changed && allValid && played(serverHand, draft!.hand).length > 0;
  const inviteLink = `${location.origin}/#/match/${encodeURIComponent(match.id)}${match.inviteCode ? "/" + encodeURIComponent(match.inviteCode) : ""}`;
  // Cards put on the table since my last turn (a multiset difference), highlighted.
  const changedSinceLast = new Set<string>();
  if (lastTable) {
    const before = lastTable.flat();
    for (const c of serverTable.flat()) {
      const i = before.indexOf(c);
      if (i >= 0) before.splice(i, 1);
      else changedSinceLast.add(c);
    }
  }

  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      <div className={`match${tiles ? " rk" : ""}`} data-last-seq={seq.current.last} data-events={events.map((e) => e.split(" ")[0]).join(",")}>
        <div className="bar">
          <a href="#/">← {t("lobby")}</a>
          <span className="title">{match.ruleset} · round {match.round}{match.ranked ? " · ranked" : ""}</span>
          {deadline !== null && match.status === "ACTIVE" && (
            <span className={`deadline${deadline <= 10 ? " urgent" : ""}`} data-testid="deadline" aria-label="Time left">⏱ {deadline}s</span>
          )}
          {"Notification" in window && Notification.permission === "default" && (
            <button type="button" className="ghost" onClick={() => Notification.requestPermission()}>Notify me</button>
          )}
        </div>

        <ol className="seats">
          {match.seats.map((s) => (
            <li key={s.index} className={`seat${match.turn?.seat === s.index ? " on" : ""}${s.index === match.mySeat ? " me" : ""}`}
              data-controller={s.controller ?? undefined}
              {...(match.turn?.seat === s.index && match.status === "ACTIVE" ? { "data-on-turn": "" } : {})}>
              <strong>{s.username ?? (s.bot ? `Bot` : "empty")}</strong>
              {String(s.controller) === "BOT" && <span className="badge bot" data-testid="bot-badge">bot{s.bot ? ` ${s.bot.toLowerCase()}` : ""}</span>}
              {String(s.controller) === "TAKEOVER" && (
                <span className="badge takeover" data-testid="takeover-badge" title="A bot plays this seat">
                  bot plays{s.takeoverReason ? ` · ${String(s.takeoverReason).toLowerCase().replace(/_/g, " ")}` : ""}
                </span>
              )}
              <span className="meta">{s.handCount} {t("cards")}{s.opened ? ` · ${t("opened")}` : ""} · {s.score} pts</span>
            </li>
          ))}
        </ol>

        {match.status === "WAITING" && (
          <Waiting match={match} seated={seated} invite={invite} inviteLink={inviteLink} reload={setMatch} setStatus={setStatus} />
        )}

        {(match.status === "FINISHED" || match.status === "ABORTED") && <Ending match={match} />}

        <div className="piles">
          <span className="pile" aria-label={t("stock")}>🂠 <b>{match.stockCount}</b> <small>{t("stock")}</small></span>
          {(match.discardTop || match.discardCount > 0) && (
            <span className="pile">{match.discardTop ? <CardFace code={match.discardTop.code} tiles={tiles} small /> : "—"} <small>{t("discardPile")} ({match.discardCount})</small></span>
          )}
          {match.river.length > 0 && (
            <span className="pile river">River: {match.river.map((c, i) => <CardFace key={i} code={c.code} tiles={tiles} small />)}</span>
          )}
          {othersDraft && <span className="badge live">watching {match.seats[match.turn!.seat]?.username ?? "bot"} build…</span>}
        </div>

        <section data-testid="table" className={`table${othersDraft ? " drafting" : ""}`} aria-label="Table">
          {shownTable.map((meld, mi) => {
            const check = draft ? checks.find((c) => c.meldIndex === mi) : undefined;
            return (
              <Meld key={mi} index={mi} invalid={check && !check.valid ? check : null} fits={fits.includes(mi)} onTap={() => tapTarget({ zone: "meld", meld: mi })}>
                {meld.map((code, ci) => (
                  <span key={ci} className="slot">
                    {canEdit && ci > 0 && meld.length > 1 && selected === null && (
                      <button type="button" className="split" title="Split here" aria-label={`Split meld ${mi + 1} before card ${ci + 1}`} onClick={(e) => { e.stopPropagation(); change(splitMeld(draft!, mi, ci)); }}>✂</button>
                    )}
                    <DraggableCard id={`m:${mi}:${ci}`} code={code} tiles={tiles} disabled={!canEdit} selected={selected === `m:${mi}:${ci}`}
                      changed={!draft && changedSinceLast.has(code)}
                      onTap={() => (canEdit ? (selected && selected !== `m:${mi}:${ci}` ? tapTarget({ zone: "meld", meld: mi }) : tapCard(`m:${mi}:${ci}`, code)) : undefined)} />
                  </span>
                ))}
              </Meld>
            );
          })}
          {canEdit && <NewMeld onTap={() => tapTarget({ zone: "new" })} />}
          {shownTable.length === 0 && !canEdit && <p className="muted empty">No melds on the table yet.</p>}
        </section>

        {seated && (
          <>
            <div className="controls">
              {legal?.drawSources.map((src) => (
                <button key={src} type="button" disabled={!myTurn} onClick={() => draw(src)}>{String(src) === "STOCK" ? "Draw" : String(src) === "DISCARD" ? `Take ${match.discardTop?.code ?? "discard"}` : `Take from the ${String(src).toLowerCase()}`}</button>
              ))}
              {myTurn && (legal?.canCommit || legal?.canUpdateDraft) && (
                <button type="button" className="primary" disabled={!canCommit} onClick={commit}>Commit</button>
              )}
              {myTurn && draft && <button type="button" disabled={!changed} onClick={reset}>Reset</button>}
              {myTurn && (history.length > 0 || legal?.canUndo) && <button type="button" onClick={undo}>Undo</button>}
              {myTurn && legal?.canPass && <button type="button" onClick={pass}>Pass</button>}
              {myTurn && (legal?.discardable.length ?? 0) > 0 && <button type="button" onClick={discard}>Discard</button>}
              {myTurn && !match.ranked && (legal?.canCommit || legal?.canUpdateDraft) && <button type="button" className="ghost" onClick={hint}>Hint</button>}
              {!myTurn && match.status === "ACTIVE" && <span className="muted">Waiting for {match.seats[match.turn?.seat ?? 0]?.username ?? "a bot"}…</span>}
            </div>
            <p role="status" className="status">{status}</p>
            <Hand canEdit={canEdit} onTap={() => tapTarget({ zone: "hand" })}>
              <div className="hand-head">
                <span>{t("hand")} ({hand.length})</span>
                <button type="button" className="ghost" disabled={!legal?.canUpdateRackOrder} onClick={() => saveRack(sortByRank(hand))}>777</button>
                <button type="button" className="ghost" disabled={!legal?.canUpdateRackOrder} onClick={() => saveRack(sortBySuit(hand))}>789</button>
              </div>
              <div className="cards">
                {hand.map((code, i) => (
                  <HandSlot key={`${code}-${i}`} index={i}>
                    <DraggableCard id={`h:${i}`} code={code} tiles={tiles} disabled={false} selected={selected === `h:${i}`} onTap={() => tapCard(`h:${i}`, code)} />
                  </HandSlot>
                ))}
              </div>
            </Hand>
          </>
        )}
        {!seated && <p role="status" className="status">{status}</p>}
        <details className="log"><summary>Events</summary><ul>{events.slice(-30).map((e, i) => <li key={i}>{e}</li>)}</ul></details>
        <span className="sr" data-testid="me">{me.username}</span>
      </div>
    </DndContext>
  );
}

function Meld({ index, invalid, fits, onTap, children }: { index: number; invalid: CheckQuery["checkMelds"][number] | null; fits: boolean; onTap: () => void; children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: `meld:${index}` });
  return (
    <div ref={setNodeRef} data-meld={index} className={`meld${invalid ? " invalid" : ""}${fits ? " fits" : ""}${isOver ? " over" : ""}`} onClick={onTap}
      {...(fits ? { "data-fits": "" } : {})}>
      <div className="cards">{children}</div>
      {invalid && (
        <div className="why" data-testid="meld-error">
          {invalid.message ?? invalid.reason}{invalid.missingCard ? ` — missing ${invalid.missingCard}` : ""}
        </div>
      )}
    </div>
  );
}

function NewMeld({ onTap }: { onTap: () => void }) {
  const { setNodeRef, isOver } = useDroppable({ id: "new" });
  return (
    <div ref={setNodeRef} data-testid="new-meld" className={`meld new${isOver ? " over" : ""}`} onClick={onTap} role="button" tabIndex={0} aria-label={t("newMeld")}
      onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && onTap()}>
      + {t("newMeld")}
    </div>
  );
}

function Hand({ canEdit, onTap, children }: { canEdit: boolean; onTap: () => void; children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: "hand", disabled: !canEdit });
  return <section ref={setNodeRef} data-testid="hand" className={`hand${isOver ? " over" : ""}`} onClick={onTap} aria-label="Your hand">{children}</section>;
}

function HandSlot({ index, children }: { index: number; children: React.ReactNode }) {
  const { setNodeRef } = useDroppable({ id: `slot:${index}` });
  return <span ref={setNodeRef} className="hslot">{children}</span>;
}

function Waiting({ match, seated, invite, inviteLink, reload, setStatus }: { match: M; seated: boolean; invite: string | null; inviteLink: string; reload: (m: M) => void; setStatus: (s: string) => void }) {
  const [level, setLevel] = useState("MEDIUM");
  const full = match.seats.every((s) => s.username || s.bot);
  const run = async (p: Promise<{ __typename: string; message?: string }>) => {
    const r = await p.catch((e: Error) => ({ __typename: "Rejection", message: e.message }));
    if (r.__typename === "Match") reload(r as unknown as M);
    else setStatus(r.message ?? "");
  };
  return (
    <div className="panel waiting">
      <p>{t("waiting")}: {match.seats.filter((s) => s.username || s.bot).length}/{match.players}</p>
      {seated && match.private && (
        <p>{t("invite")}: <input readOnly value={inviteLink} aria-label={t("invite")} data-testid="invite-link" onFocus={(e) => e.target.select()} size={40} /></p>
      )}
      {!seated && <button type="button" className="primary" onClick={() => run(gql(JOIN, { id: match.id, inviteCode: invite }).then((d) => d.joinMatch))}>Join</button>}
      {match.mySeat === 0 && !full && (
        <span>
          <select aria-label="Bot level" value={level} onChange={(e) => setLevel(e.target.value)}>
            {["EASY", "MEDIUM", "HARD", "EXPERT"].map((l) => <option key={l}>{l}</option>)}
          </select>
          <button type="button" onClick={() => run(gql(ADD_BOT, { id: match.id, level: level as BotLevel }).then((d) => d.addBot))}>Add bot</button>
        </span>
      )}
      {match.mySeat === 0 && <button type="button" className="primary" disabled={!full} onClick={() => run(gql(START, { id: match.id }).then((d) => d.startMatch))}>Start</button>}
    </div>
  );
}

function Ending({ match }: { match: M }) {
  const winners = new Set(match.winners.map((w) => w.index));
  const rematch = async () => {
    const bots = match.seats.filter((s) => s.bot).map((s) => s.bot!);
    const r = (await gql(CREATE, { input: { ruleset: match.ruleset, seats: match.players, bots, turnSeconds: match.turnSeconds ?? null, private: match.private } })).createMatch;
    if (r.__typename === "Match") location.hash = `#/match/${encodeURIComponent(r.id)}`;
  };
  const rounds = (match.rounds as Record<string, unknown>[]) ?? [];
  return (
    <div className="panel ending" data-testid="result">
      <h2>{match.status === "ABORTED" ? "Match aborted" : t("matchOver")}</h2>
      <table>
        <thead><tr><th>Seat</th><th>Score</th><th>Rounds won</th></tr></thead>
        <tbody>
          {match.seats.map((s) => (
            <tr key={s.index} className={winners.has(s.index) ? "win" : ""}>
              <td>{winners.has(s.index) ? "★ " : ""}{s.username ?? `bot ${s.bot?.toLowerCase()}`}</td><td>{s.score}</td><td>{s.roundsWon}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">{rounds.length} round(s) played.{match.outcome?.ratings ? " Ratings updated." : ""}</p>
      <button type="button" className="primary" onClick={rematch}>Rematch</button>{" "}
      <a href={`#/replay/${encodeURIComponent(match.id)}`}>{t("replay")}</a>
    </div>
  );
}
