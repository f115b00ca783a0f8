import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { DndContext, PointerSensor, TouchSensor, useDroppable, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { errorText, gql, subscribe } from "./api";
import { ADD_BOT, CHECK, COMMIT, CREATE, DISCARD, DRAFT, DRAW, EVENTS, FITS, HINT, INVITATION, JOIN, MATCH, PASS, PLAYER_RATINGS, RECLAIM, RESIGN, SET_RACK_ORDER, START, UNDO } from "./ops";
import type { BotLevel, CheckQuery, DrawSource, MatchFieldsFragment } from "./gql/graphql";
import { CardFace, DraggableCard } from "./Card";
import { moveCard, played, rackOrder, reorder, sameTable, SeqTracker, splitMeld, type Draft, type Place, type Target } from "./draft";
import { annotateJokers, sortByRank, sortBySuit } from "./cards";
import { serverText, t, tEnum, tn } from "./i18n";
import { rulesetTitle, seatName } from "./Lobby";
import { formatChange, mergeRatings, readRatings, writeRatings, type MatchRatings } from "./ratings";
import { onUserEvent } from "./userEvents";
import { ChatPanel } from "./ChatPanel";

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
  const [confirmResign, setConfirmResign] = useState(false);
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
      setStatus(errorText(e));
    }
  }, [matchId, invite]);

  useEffect(() => {
    load();
  }, [load]);

  // Live: follow the match's events from the last seq seen; any event refreshes the view.
  // The server reads the viewer's seat when the subscription starts: after joining (a
  // spectator of the invitation becomes a player) the page subscribes again.
  const subscribed = match !== null;
  const seatNow = match?.mySeat ?? null;
  useEffect(() => {
    if (!subscribed) return;
    if (seq.current.last === 0 && match) seq.current.last = match.lastSeq;
    return subscribe(EVENTS, () => ({ id: matchId, after: seq.current.last }), (d) => {
      const ev = d.matchEvents;
      if (!seq.current.accept(ev.seq)) return;
      setEvents((l) => [...l, `${ev.seq} ${ev.type}`]);
      load();
    });
  }, [subscribed, matchId, seatNow]);

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
      new Notification("Rummy", { body: t("notifyYourTurn") });
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
        setStatus(serverText("rej", r.code, r.message));
        load();
      } else setMatch(r);
    } catch (e) {
      setStatus(errorText(e));
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

  const act = async (fn: () => Promise<{ __typename: string; message?: string; code?: unknown } & Partial<M>>) => {
    setStatus("");
    try {
      const r = await fn();
      if (r.__typename === "Rejection") setStatus(serverText("rej", r.code ? String(r.code) : null, r.message));
      else if (r.__typename === "Match") {
        // The turn goes on from the server's new table (classic rummy: meld after meld).
        setDraft(null);
        setHistory([]);
        setMatch(r as M);
      }
    } catch (e) {
      setStatus(errorText(e));
    }
  };
  const turnArgs = () => ({ id: matchId, turn: turnNo as number, key: key() });
  const commit = () => act(async () => (await gql(COMMIT, { ...turnArgs(), table: draft!.table })).commitTurn);
  const draw = (source: DrawSource) => act(async () => (await gql(DRAW, { ...turnArgs(), source })).draw);
  const discard = () => {
    const code = selected?.startsWith("h:") ? hand[Number(selected.slice(2))] : null;
    if (!code) return setStatus(t("selectDiscard"));
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
      if (!d.hint) return setStatus(t("noHint"));
      if (draft) {
        const table = d.hint.table.map((m) => meldCodes(m.cards));
        const playedCodes = d.hint.played.map((c) => c.code);
        const left = [...serverHand];
        for (const c of playedCodes) left.splice(left.indexOf(c), 1);
        change({ table, hand: left });
        setStatus(t("hintPlay", { cards: playedCodes.join(" "), n: d.hint.points }));
      }
    } catch (e) {
      setStatus(errorText(e));
    }
  };

  const resign = () => {
    setConfirmResign(false);
    return act(async () => (await gql(RESIGN, { id: matchId })).resign);
  };
  const reclaim = () => act(async () => (await gql(RECLAIM, { id: matchId })).reclaimSeat);
  const ratings = useRankedRatings(match);

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }));

  if (missing) return <div className="panel"><p>{t("notFound")}</p><a href="#/">{t("back")}</a></div>;
  if (!match) return <div className="panel">{t("loading")}</div>;

  const seated = match.mySeat !== null && match.mySeat !== undefined;
  const mySeatRow = seated ? match.seats.find((s) => s.index === match.mySeat) : undefined;
  // A bot plays my seat (T-TAKEOVER): offer it back, unless I resigned it.
  const takenOver = String(mySeatRow?.controller) === "TAKEOVER" && !mySeatRow?.resigned;
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
          <span className="title">{rulesetTitle(match.ruleset)} · {t("round", { n: match.round })}{match.ranked ? ` · ${t("rankedMatch")}` : ""}</span>
          {deadline !== null && match.status === "ACTIVE" && (
            <span className={`deadline${deadline <= 10 ? " urgent" : ""}`} data-testid="deadline" aria-label={t("timeLeft")}>{deadline} s</span>
          )}
          {"Notification" in window && Notification.permission === "default" && (
            <button type="button" className="ghost" onClick={() => Notification.requestPermission()}>{t("notifyMe")}</button>
          )}
        </div>

        <ol className="seats">
          {match.seats.map((s) => (
            <li key={s.index} className={`seat${match.turn?.seat === s.index ? " on" : ""}${s.index === match.mySeat ? " me" : ""}`}
              data-controller={s.controller ?? undefined}
              {...(match.turn?.seat === s.index && match.status === "ACTIVE" ? { "data-on-turn": "" } : {})}>
              <strong>{s.username ?? (s.bot ? "Bot" : t("emptySeat"))}{s.index === match.mySeat && <span className="you"> {t("you")}</span>}</strong>
              {String(s.controller) === "BOT" && <span className="badge bot" data-testid="bot-badge">{s.bot ? t("botOf", { level: tEnum("level", s.bot) ?? "" }) : t("bot")}</span>}
              {String(s.controller) === "TAKEOVER" && (
                <span className="badge takeover" data-testid="takeover-badge" title={t("takeoverTitle")}>
                  {t("botPlays")}{s.takeoverReason ? ` · ${tEnum("takeoverReason", String(s.takeoverReason)) ?? ""}` : ""}
                </span>
              )}
              <span className="meta">{tn(tiles ? "tiles" : "cards", s.handCount)}{s.opened ? ` · ${t("opened")}` : ""} · {t("points", { n: s.score })}</span>
            </li>
          ))}
        </ol>

        {match.status === "WAITING" && (
          <Waiting match={match} seated={seated} invite={invite} inviteLink={inviteLink} reload={setMatch} setStatus={setStatus} />
        )}

        {(match.status === "FINISHED" || match.status === "ABORTED") && <Ending match={match} ratings={ratings} />}
        {takenOver && match.status === "ACTIVE" && (
          <div className="panel takeover-note" data-testid="reclaim">
            <span>{t("reclaimNote", { reason: tEnum("takeoverReason", String(mySeatRow?.takeoverReason ?? "")) ?? t("botPlays") })}</span>{" "}
            <button type="button" className="primary" data-action="reclaim" disabled={!legal?.canReclaim} onClick={reclaim}>{t("reclaim")}</button>
            {!legal?.canReclaim && <span className="muted"> {t("reclaimLater")}</span>}
          </div>
        )}

        <div className="piles">
          <span className="pile" aria-label={t("stock")}>🂠 <b>{match.stockCount}</b> <small>{t("stock")}</small></span>
          {(match.discardTop || match.discardCount > 0) && (
            <span className="pile">{match.discardTop ? <CardFace code={match.discardTop.code} tiles={tiles} small /> : "—"} <small>{t("discardPile")} ({match.discardCount})</small></span>
          )}
          {match.river.length > 0 && (
            <span className="pile river">{t("river")}: {match.river.map((c, i) => <CardFace key={i} code={c.code} tiles={tiles} small />)}</span>
          )}
          {othersDraft && <span className="badge live">{t("watching", { name: match.seats[match.turn!.seat]?.username ?? t("aBot") })}</span>}
        </div>

        <section data-testid="table" className={`table${othersDraft ? " drafting" : ""}`} aria-label={t("table")}>
          {shownTable.map((meld, mi) => {
            const check = draft ? checks.find((c) => c.meldIndex === mi) : undefined;
            return (
              <Meld key={mi} index={mi} invalid={check && !check.valid ? check : null} fits={fits.includes(mi)} onTap={() => tapTarget({ zone: "meld", meld: mi })}>
                {meld.map((code, ci) => (
                  <span key={ci} className="slot">
                    {canEdit && ci > 0 && meld.length > 1 && selected === null && (
                      <button type="button" className="split" title={t("splitHere")} aria-label={t("splitAria", { meld: mi + 1, card: ci + 1 })} onClick={(e) => { e.stopPropagation(); change(splitMeld(draft!, mi, ci)); }}>✂</button>
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
          {shownTable.length === 0 && !canEdit && <p className="muted empty">{t("noMelds")}</p>}
        </section>

        {seated && (
          <>
            <div className="controls">
              {legal?.drawSources.map((src) => (
                <button key={src} type="button" data-action={`draw-${String(src).toLowerCase()}`} disabled={!myTurn} onClick={() => draw(src)}>{String(src) === "STOCK" ? t("draw") : String(src) === "DISCARD" ? t("takeDiscard", { card: match.discardTop?.code ?? "" }) : t("takeRiver")}</button>
              ))}
              {myTurn && (legal?.canCommit || legal?.canUpdateDraft) && (
                <button type="button" className="primary" data-action="commit" disabled={!canCommit} onClick={commit}>{t("commit")}</button>
              )}
              {myTurn && draft && <button type="button" data-action="reset" disabled={!changed} onClick={reset}>{t("reset")}</button>}
              {myTurn && (history.length > 0 || legal?.canUndo) && <button type="button" data-action="undo" onClick={undo}>{t("undo")}</button>}
              {myTurn && legal?.canPass && <button type="button" data-action="pass" onClick={pass}>{t("pass")}</button>}
              {myTurn && (legal?.discardable.length ?? 0) > 0 && <button type="button" data-action="discard" onClick={discard}>{t("discard")}</button>}
              {myTurn && !match.ranked && (legal?.canCommit || legal?.canUpdateDraft) && <button type="button" className="ghost" data-action="hint" onClick={hint}>{t("hint")}</button>}
              {!myTurn && match.status === "ACTIVE" && <span className="muted">{t("waitingFor", { name: match.seats[match.turn?.seat ?? 0]?.username ?? t("aBot") })}</span>}
              {match.status === "ACTIVE" && legal?.canResign && !confirmResign && (
                <button type="button" className="ghost danger" data-action="resign" onClick={() => setConfirmResign(true)}>{t("resign")}</button>
              )}
            </div>
            {confirmResign && match.status === "ACTIVE" && (
              <div className="confirm" role="alertdialog" aria-labelledby="resign-q" data-testid="resign-confirm">
                <p id="resign-q">{t("resignQuestion")}{match.ranked ? ` ${t("resignRanked")}` : ""}</p>
                <button type="button" className="danger" data-action="resign-confirm" onClick={resign}>{t("resignConfirm")}</button>
                <button type="button" data-action="resign-cancel" autoFocus onClick={() => setConfirmResign(false)}>{t("keepPlaying")}</button>
              </div>
            )}
            <p role="status" className="status">{status}</p>
            <Hand canEdit={canEdit} onTap={() => tapTarget({ zone: "hand" })}>
              <div className="hand-head">
                <span>{t("hand")} ({hand.length})</span>
                <button type="button" className="ghost" aria-label={t("sortRank")} title={t("sortRank")} disabled={!legal?.canUpdateRackOrder} onClick={() => saveRack(sortByRank(hand))}>777</button>
                <button type="button" className="ghost" aria-label={t("sortSuit")} title={t("sortSuit")} disabled={!legal?.canUpdateRackOrder} onClick={() => saveRack(sortBySuit(hand))}>789</button>
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
        <ChatPanel matchId={match.id} me={me} />
        <details className="log"><summary>{t("events")}</summary><ul>{events.slice(-30).map((e, i) => <li key={i}>{e}</li>)}</ul></details>
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
          {serverText("meld", invalid.reason ?? invalid.code, invalid.message)}{invalid.missingCard ? ` — ${t("missingCard", { card: invalid.missingCard })}` : ""}
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
  return <section ref={setNodeRef} data-testid="hand" className={`hand${isOver ? " over" : ""}`} onClick={onTap} aria-label={t("hand")}>{children}</section>;
}

function HandSlot({ index, children }: { index: number; children: React.ReactNode }) {
  const { setNodeRef } = useDroppable({ id: `slot:${index}` });
  return <span ref={setNodeRef} className="hslot">{children}</span>;
}

function Waiting({ match, seated, invite, inviteLink, reload, setStatus }: { match: M; seated: boolean; invite: string | null; inviteLink: string; reload: (m: M) => void; setStatus: (s: string) => void }) {
  const [level, setLevel] = useState("MEDIUM");
  const full = match.seats.every((s) => s.username || s.bot);
  const run = async (p: Promise<{ __typename: string; message?: string }>) => {
    const r = await p.catch((e: unknown) => ({ __typename: "Rejection", message: errorText(e) }));
    if (r.__typename === "Match") reload(r as unknown as M);
    else setStatus(serverText("rej", (r as { code?: string }).code, r.message));
  };
  return (
    <div className="panel waiting">
      <p>{t("waiting")}: {match.seats.filter((s) => s.username || s.bot).length}/{match.players}</p>
      {seated && match.private && (
        <p>{t("invite")}: <input readOnly value={inviteLink} aria-label={t("invite")} data-testid="invite-link" onFocus={(e) => e.target.select()} size={40} /></p>
      )}
      {!seated && <button type="button" className="primary" data-action="join" onClick={() => run(gql(JOIN, { id: match.id, inviteCode: invite }).then((d) => d.joinMatch))}>{t("join")}</button>}
      {match.mySeat === 0 && !full && (
        <span>
          <select aria-label={t("botLevel")} value={level} onChange={(e) => setLevel(e.target.value)}>
            {["EASY", "MEDIUM", "HARD", "EXPERT"].map((l) => <option key={l} value={l}>{tEnum("level", l)}</option>)}
          </select>
          <button type="button" data-action="add-bot" onClick={() => run(gql(ADD_BOT, { id: match.id, level: level as BotLevel }).then((d) => d.addBot))}>{t("addBot")}</button>
        </span>
      )}
      {match.mySeat === 0 && <button type="button" className="primary" data-action="start" disabled={!full} onClick={() => run(gql(START, { id: match.id }).then((d) => d.startMatch))}>{t("start")}</button>}
    </div>
  );
}

/**
 * The rating of each person's seat in a ranked match, before → after (ordinals): noted
 * while the match runs, read again after the end until every seat has its "after", and
 * mine exactly from RatingChanged (myEvents). See ratings.ts.
 */
function useRankedRatings(match: M | null): MatchRatings {
  const id = match?.id ?? "";
  const ranked = !!match?.ranked;
  const finished = match?.status === "FINISHED";
  const active = match?.status === "ACTIVE";
  const names = (match?.seats ?? []).filter((s) => s.username && !s.bot).map((s) => s.username as string);
  const tempo = match?.correspondenceHours ? "CORRESPONDENCE" : "LIVE";
  const [ratings, setRatings] = useState<MatchRatings>(() => (id ? readRatings(id) : {}));
  const namesKey = names.join(",");
  useEffect(() => {
    if (!ranked || !(active || finished) || !namesKey) return;
    let live = true;
    let tries = 0;
    const read = async () => {
      const current: Record<string, { ordinal: number; games: number } | undefined> = {};
      await Promise.all(
        names.map(async (n) => {
          const d = await gql(PLAYER_RATINGS, { username: n }).catch(() => null);
          const r = d?.player?.ratings.find((x) => x.ruleset === match!.ruleset && String(x.tempo) === tempo);
          current[n] = r ? { ordinal: r.ordinal, games: r.games } : undefined;
        }),
      );
      if (!live) return;
      const next = mergeRatings(readRatings(id), current, finished);
      writeRatings(id, next);
      setRatings(next);
      // The worker rates the match shortly after its end: read again until it has.
      const waiting = finished && names.some((n) => next[n]?.after === null);
      if (waiting && tries++ < 20) timer = setTimeout(read, 1500);
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    read();
    const off = onUserEvent((e) => {
      if (e.type === "RATING_CHANGED" && e.matchId === id) setRatings(readRatings(id));
    });
    return () => {
      live = false;
      off();
      if (timer) clearTimeout(timer);
    };
  }, [id, ranked, active, finished, namesKey]);
  return ratings;
}

function Ending({ match, ratings }: { match: M; ratings: MatchRatings }) {
  const winners = new Set(match.winners.map((w) => w.index));
  const [message, setMessage] = useState("");
  const rematch = async () => {
    const bots = match.seats.filter((s) => s.bot).map((s) => s.bot!);
    try {
      const r = (await gql(CREATE, { input: { ruleset: match.ruleset, seats: match.players, bots, turnSeconds: match.turnSeconds ?? null, correspondenceHours: match.turnSeconds ? null : (match.correspondenceHours ?? null), private: match.private, options: match.options } })).createMatch;
      if (r.__typename === "Match") location.hash = `#/match/${encodeURIComponent(r.id)}`;
      else setMessage(serverText("rej", r.code, r.message));
    } catch (e) {
      setMessage(errorText(e));
    }
  };
  const rounds = (match.rounds as Record<string, unknown>[]) ?? [];
  const showRatings = match.ranked && match.status === "FINISHED";
  return (
    <div className="panel ending" data-testid="result">
      <h2>{match.status === "ABORTED" ? t("matchAborted") : t("matchOver")}</h2>
      <table>
        <thead><tr><th>{t("seat")}</th><th>{t("score")}</th><th>{t("roundsWon")}</th>{showRatings && <th>{t("rating")}</th>}</tr></thead>
        <tbody>
          {match.seats.map((s) => (
            <tr key={s.index} className={winners.has(s.index) ? "win" : ""} data-seat={s.index}>
              <td>{winners.has(s.index) ? "★ " : ""}{s.username ?? seatName(s)}{s.resigned ? ` (${t("resigned")})` : ""}</td><td>{s.score}</td><td>{s.roundsWon}</td>
              {showRatings && (
                <td data-testid="rating-change">{s.username && !s.bot ? formatChange(ratings[s.username] ?? { before: undefined, after: null, exact: false }, t("unrated"), t("ratingPending")) || t("ratingPending") : "—"}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">{t("roundsPlayed", { n: rounds.length })}</p>
      <button type="button" className="primary" data-action="rematch" onClick={rematch}>{t("rematch")}</button>{" "}
      <a href={`#/replay/${encodeURIComponent(match.id)}`}>{t("replay")}</a>
      <p role="status" className="status">{message}</p>
    </div>
  );
}
