import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { DndContext, MeasuringStrategy, PointerSensor, TouchSensor, useDroppable, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { errorText, gql, isConnectionError, subscribe, useConnection } from "./api";
import { CHECK, COMMIT, DISCARD, DRAFT, DRAW, EVENTS, FITS, HINT, INVITATION, MATCH, PASS, PLAYER_RATINGS, RECLAIM, RESIGN, SET_RACK_ORDER, UNDO } from "./ops";
import type { CheckQuery, DrawSource, MatchFieldsFragment } from "./gql/graphql";
import { CardFace, DraggableCard } from "./Card";
import { placeCard, played, rackOrder, reorder, sameTable, SeqTracker, splitMeld, type Draft, type Place, type Target } from "./draft";
import { annotateJokers, sortByRank, sortBySuit } from "./cards";
import { getLang, serverText, t, tEnum } from "./i18n";
import { rulesetTitle } from "./Lobby";
import { mergeRatings, readRatings, writeRatings, type MatchRatings } from "./ratings";
import { onUserEvent } from "./userEvents";
import { cardsText, cardText, meldText, namedInText } from "./names";
import { abortOf, describe, expiryOf, expiryText, lastMoves, markCards, placedSinceMyTurn, seatLabel, type Entry, type Ev } from "./moves";
import { formatDuration, lowTime } from "./time";
import { play } from "./sound";
import { useSettings } from "./settings";
import { Ending, RulesSummary, rulesHref, WaitingRoom, type Tone } from "./Around";
import { ExpiryNotice, MoveLog, Seats } from "./TableParts";
import { Tour } from "./Tour";
import { ChatPanel } from "./ChatPanel";

type M = MatchFieldsFragment;
const meldCodes = (cards: { code: string; represents?: string | null }[]) =>
  cards.map((c) => (c.code === "*" && c.represents ? `*:${c.represents}` : c.code));
const key = () => Math.random().toString(36).slice(2);
// Where the melds are is measured again during a drag: the page may move under it (the
// others' moves arrive, a seat's last move gets a line).
const MEASURING = { droppable: { strategy: MeasuringStrategy.Always } };
// Events read back when the page opens: the move log's recent past, and the plays since
// my last turn (marked on the table).
const HISTORY = 120;

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

/** The position in meld `meld` (as shown) where a point falls: the cards before it. */
function dropIndexAt(meld: number, x: number, y: number): number | undefined {
  const cards = [...document.querySelectorAll(`[data-testid=table] [data-meld="${meld}"] .slot`)];
  if (cards.length === 0) return undefined;
  let index = 0;
  for (const c of cards) {
    const r = c.getBoundingClientRect();
    if (r.bottom < y || (r.top <= y && r.left + r.width / 2 < x)) index += 1;
  }
  return index;
}

/** The match's public state after an event (its typed `after` snapshot), at once. */
function applyAfter(m: M, ev: Ev): M {
  const a = ev.after;
  if (!a) return ev.myHand ? { ...m, lastSeq: ev.seq, myHand: ev.myHand } : { ...m, lastSeq: ev.seq };
  return {
    ...m,
    lastSeq: ev.seq,
    stockCount: a.stockCount,
    discardCount: a.discardCount,
    discardTop: a.discardTop ?? null,
    river: a.river,
    table: a.table ? a.table.map((x) => ({ cards: x.cards, kind: x.kind, placedBy: x.placedBy ?? null })) : m.table,
    seats: m.seats.map((s) => {
      const x = a.seats.find((y) => y.index === s.index);
      return x ? { ...s, handCount: x.handCount, opened: x.opened, score: x.score } : s;
    }),
    // Whose turn it is changes with the next read of the match, together with what I
    // may do (legalActions): the seat on turn never shows ahead of its buttons.
    turn: m.turn && a.turn === m.turn.number
      ? { ...m.turn, draft: a.draft ? a.draft.map((d) => ({ cards: d.cards, kind: d.kind })) : null }
      : m.turn,
    myHand: ev.myHand ?? m.myHand,
  };
}

export function MatchPage({ matchId, invite, me }: { matchId: string; invite: string | null; me: { username: string } }) {
  const [match, setMatch] = useState<M | null>(null);
  const [missing, setMissing] = useState(false);
  const [status, setStatusState] = useState<{ text: string; tone: Tone; conn?: boolean }>({ text: "", tone: "info" });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [draftTurn, setDraftTurn] = useState<number | null>(null);
  const [history, setHistory] = useState<Draft[]>([]);
  const [checks, setChecks] = useState<CheckQuery["checkMelds"]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [fits, setFits] = useState<number[]>([]);
  const [now, setNow] = useState(Date.now());
  const seq = useRef(new SeqTracker(0));
  const [confirmResign, setConfirmResign] = useState(false);
  const [events, setEvents] = useState<Ev[]>([]);
  const [acted, setActed] = useState<number | null>(null); // the turn in which I acted
  const [dismissed, setDismissed] = useState<number | null>(null); // the expiry notice closed
  const conn = useConnection();
  const settings = useSettings();
  const setStatus = (text: string, tone: Tone = "error", connErr = false) => setStatusState({ text, tone, conn: connErr });
  const fail = (e: unknown) => setStatus(errorText(e), "error", isConnectionError(e));

  // Loads of the match one at a time; one more if an event asked for one meanwhile (so the
  // last load answers after the last event).
  const loading = useRef<{ busy: boolean; again: boolean }>({ busy: false, again: false });
  const load = useCallback(async () => {
    if (loading.current.busy) {
      loading.current.again = true;
      return;
    }
    loading.current.busy = true;
    try {
      do {
        loading.current.again = false;
        const d = await gql(MATCH, { id: matchId });
        if (d.match) {
          setMatch(d.match);
          continue;
        }
        // A private match exists for a non-member only through its invitation.
        const inv = invite ? (await gql(INVITATION, { id: matchId, code: invite })).invitation : null;
        if (!inv) setMissing(true);
        else setMatch(inv);
      } while (loading.current.again);
    } catch (e) {
      fail(e);
    } finally {
      loading.current.busy = false;
    }
  }, [matchId, invite]);

  useEffect(() => {
    load();
  }, [load]);

  // Live: follow the match's typed events from a little before the last seq (the move
  // log's recent past); each one updates the table at once from its snapshot, then the
  // match is read again (legal actions, my hand). The server reads the viewer's seat when
  // the subscription starts: after joining the page subscribes again.
  const shownSeq = useRef(0); // the last seq the match shown holds
  shownSeq.current = match?.lastSeq ?? 0;
  const subscribed = match !== null;
  const seatNow = match?.mySeat ?? null;
  useEffect(() => {
    if (!subscribed) return;
    if (seq.current.last === 0 && match) seq.current.last = Math.max(0, match.lastSeq - HISTORY);
    return subscribe(EVENTS, () => ({ id: matchId, after: seq.current.last }), (d) => {
      const ev = d.matchEvents;
      if (!seq.current.accept(ev.seq)) return;
      setEvents((l) => [...l, ev]);
      // The events the match as read already holds (the backlog) only feed the log.
      if (ev.seq <= shownSeq.current) return;
      if (ev.__typename === "DraftUpdated") {
        // A draft needs no new read of the match, unless one is under way: its answer
        // may predate this draft.
        setMatch((m) => (m && m.turn ? { ...m, lastSeq: Math.max(m.lastSeq, ev.seq), turn: { ...m.turn, draft: ev.draft.map((x) => ({ cards: x.cards, kind: x.kind })) } } : m));
        if (loading.current.busy) loading.current.again = true;
        return;
      }
      setMatch((m) => (m && ev.seq > m.lastSeq ? applyAfter(m, ev) : m));
      load();
    });
  }, [subscribed, matchId, seatNow]);

  // Back online: stale connection errors go, and the page reads the match again.
  const lastConn = useRef(conn);
  useEffect(() => {
    if (conn === "online" && lastConn.current !== "online") {
      setStatusState((s) => (s.conn ? { text: "", tone: "info" } : s));
      load();
    }
    lastConn.current = conn;
  }, [conn]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);

  const tiles = match?.ruleset === "rummikub" || (match?.options?.number_values ?? false);
  const aceHigh = !!match?.options?.ace_high;
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
    }
    if (myTurn && document.hidden && "Notification" in window && Notification.permission === "granted" && draftTurn !== turnNo) {
      new Notification("Rummy", { body: t("notifyYourTurn") });
    }
  }, [match, myTurn, turnNo]);

  // A sound when my turn starts (not for the turn the page opened on).
  const wasMyTurn = useRef<boolean | null>(null);
  useEffect(() => {
    if (!match) return;
    if (wasMyTurn.current === false && myTurn) play("turn");
    wasMyTurn.current = myTurn;
  }, [myTurn, turnNo, match !== null]);

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
        setStatus(reason(r.code, r.message));
        load();
      } else setMatch(r);
    } catch (e) {
      fail(e);
    }
  };
  // A refusal in the viewer's language; an invalid meld by its reason (see meldText).
  // An opening below the minimum says its numbers (Rejection.points, pointsNeeded).
  const reason = (code: unknown, message: string | null | undefined, meld?: { reason?: string | null; missingCards?: { code: string }[] | null; points?: number | null; pointsNeeded?: number | null }) =>
    meld?.reason && tEnum("meld", meld.reason) ? meldText(meld.reason, message, meld.missingCards, tiles)
      : code === "OPENING_TOO_LOW" && meld?.points != null && meld.pointsNeeded != null ? t("openingPoints", { points: meld.points, needed: meld.pointsNeeded })
      : namedInText(serverText("rej", code ? String(code) : null, message), tiles);

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
    setActed(turnNo);
    if (legal?.canUpdateDraft) gql(DRAFT, { id: matchId, turn: turnNo, table: next.table }).catch(() => {});
  };

  // Hand indexes as shown (rack order) map back to the draft's hand.
  const handPlace = (shownIndex: number): Place => {
    const code = hand[shownIndex];
    return { zone: "hand", index: (draft?.hand ?? []).indexOf(code) };
  };
  const doMove = (fromId: string, to: Target, drop?: number) => {
    if (!draft) return;
    let from = placeOf(fromId);
    if (!from) return;
    if (from.zone === "hand") {
      if (to.zone === "hand") return;
      from = handPlace(from.index);
    }
    change(placeCard(draft, from, to, drop, serverHand, aceHigh));
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
    if (!to || !canEdit) return;
    let drop: number | undefined;
    const start = e.activatorEvent as PointerEvent | TouchEvent | null;
    const point = start && "touches" in start ? start.touches[0] : (start as PointerEvent | null);
    if (to.zone === "meld" && point) drop = dropIndexAt(to.meld, point.clientX + e.delta.x, point.clientY + e.delta.y);
    doMove(from, to, drop);
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
  const tapTarget = (to: Target, drop?: number) => {
    if (selected && canEdit) doMove(selected, to, drop);
  };

  const act = async (fn: () => Promise<{ __typename: string; message?: string; code?: unknown } & Partial<M>>, commitTry = false) => {
    setStatus("", "info");
    if (turnNo !== null) setActed(turnNo);
    try {
      const r = await fn();
      if (r.__typename === "Rejection") {
        setStatus(reason(r.code, r.message, r as { reason?: string | null; missingCards?: { code: string }[] | null; points?: number | null; pointsNeeded?: number | null }));
        if (commitTry) play("invalid");
      } else if (r.__typename === "Match") {
        // The turn goes on from the server's new table (classic rummy: meld after meld).
        setDraft(null);
        setHistory([]);
        setMatch(r as M);
      }
    } catch (e) {
      fail(e);
    }
  };
  const turnArgs = () => ({ id: matchId, turn: turnNo as number, key: key() });
  const commit = () => act(async () => (await gql(COMMIT, { ...turnArgs(), table: draft!.table })).commitTurn, true);
  const draw = (source: DrawSource) => act(async () => (await gql(DRAW, { ...turnArgs(), source })).draw);
  const discard = () => {
    const code = selected?.startsWith("h:") ? hand[Number(selected.slice(2))] : null;
    if (!code) return setStatus(t("selectDiscard"), "info");
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
      const r = (await gql(HINT, { id: matchId })).hintPlay;
      if (r.__typename === "Rejection") return setStatus(reason(r.code, r.message));
      if (r.played.length === 0) return setStatus(t("noHint"), "info");
      if (draft) {
        const table = r.table.map((m) => meldCodes(m.cards));
        const playedCodes = r.played.map((c) => c.code);
        const left = [...serverHand];
        for (const c of playedCodes) left.splice(left.indexOf(c), 1);
        change({ table, hand: left });
        setStatus(t("hintPlay", { cards: cardsText(playedCodes, tiles), n: r.points }), "info");
      }
    } catch (e) {
      fail(e);
    }
  };

  const resign = () => {
    setConfirmResign(false);
    return act(async () => (await gql(RESIGN, { id: matchId })).resign);
  };
  const reclaim = () => act(async () => (await gql(RECLAIM, { id: matchId })).reclaimSeat);
  const ratings = useRankedRatings(match);

  // What the events say: the log, each seat's last move, the cards placed since my turn.
  const seatsForNames = match?.seats ?? [];
  // (Log lines name bots in the viewer's language: read again when it changes.)
  const entries = useMemo(() => events.map((e) => describe(e, seatsForNames, tiles)).filter((e): e is Entry => e !== null), [events, match?.seats, getLang()]);
  const last = useMemo(() => lastMoves(events, seatsForNames, tiles), [events, match?.seats, getLang()]);
  const marks = useMemo(() => placedSinceMyTurn(events, match?.mySeat), [events, match?.mySeat]);
  const expiry = useMemo(() => expiryOf(events, match?.mySeat), [events, match?.mySeat]);

  // Seconds left, never shown above the turn's allowance (the deadline may carry a grace).
  const deadline = match?.turn?.deadline && match.status === "ACTIVE"
    ? Math.max(0, Math.min(match.turnSeconds ?? (match.correspondenceHours ? match.correspondenceHours * 3600 : Infinity), Math.ceil((Date.parse(match.turn.deadline) - now) / 1000)))
    : null;
  const low = deadline !== null && lowTime(deadline, match?.turnSeconds);
  // A warning sound once per turn of mine when time runs low.
  const warned = useRef<number | null>(null);
  useEffect(() => {
    if (myTurn && low && turnNo !== null && warned.current !== turnNo) {
      warned.current = turnNo;
      play("low");
    }
  }, [myTurn, low, turnNo]);

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }));

  if (missing) return <div className="panel"><p>{t("notFound")}</p><a href="#/">{t("back")}</a></div>;
  if (!match) return <div className="panel">{t("loading")}</div>;

  const seated = match.mySeat !== null && match.mySeat !== undefined;
  const mySeatRow = seated ? match.seats.find((s) => s.index === match.mySeat) : undefined;
  // A bot plays my seat (T-TAKEOVER): offer it back, unless I resigned it.
  const takenOver = String(mySeatRow?.controller) === "TAKEOVER" && !mySeatRow?.resigned;
  const allValid = !!draft && checks.length === draft.table.length && checks.every((c) => c.valid);
  const changed = !!draft && !sameTable(draft.table, serverTable);
  const canCommit = myTurn && !!legal?.canCommit && changed && allValid && played(serverHand, draft!.hand).length > 0;
  const inviteLink = `${location.origin}/#/match/${encodeURIComponent(match.id)}${match.inviteCode ? "/" + encodeURIComponent(match.inviteCode) : ""}`;
  // Cards the others placed since my last turn, marked until I act in my turn.
  const showMarks = !(myTurn && acted === turnNo);
  const marked = showMarks ? markCards(shownTable, marks) : shownTable.map((m) => m.map(() => false));
  const waiting = match.status === "WAITING";
  // Aborted before its deal: nothing was played, only why it ended is shown.
  const neverDealt = match.status === "ABORTED" && match.round === 0;
  const over = match.status === "FINISHED" || match.status === "ABORTED";
  const selectedCode = selected ? (selected.startsWith("h:") ? hand[Number(selected.slice(2))] : shownTable[Number(selected.split(":")[1])]?.[Number(selected.split(":")[2])]) : null;
  const onTurnName = seatLabel(match.seats, match.turn?.seat);

  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd} measuring={MEASURING}>
      <div className={`match${tiles ? " rk" : ""}`} data-last-seq={seq.current.last} data-events={events.map((e) => e.seq).join(",")}>
        <div className="bar">
          <a href="#/">← {t("lobby")}</a>
          <span className="title">{rulesetTitle(match.ruleset)}{match.round > 0 ? ` · ${t("round", { n: match.round })}` : ""}{match.ranked ? ` · ${t("rankedMatch")}` : ""}</span>
          {deadline !== null && (
            <span className={`deadline${low ? " urgent" : ""}`} data-testid="deadline" data-seconds={deadline} {...(low ? { "data-low": "" } : {})}
              role="timer" aria-label={t("timeLeftOf", { time: formatDuration(deadline), name: onTurnName })}>{formatDuration(deadline)}</span>
          )}
          <a className="rules-link" href={rulesHref(match)}>{t("howToPlay")}</a>
        </div>

        {seated && match.status === "ACTIVE" && !settings.tourDone && <Tour tiles={tiles} />}

        {neverDealt && <Ending match={match} ratings={ratings} abortReason={abortOf(events)} />}
        {neverDealt ? null : waiting ? (
          <>
            <WaitingRoom match={match} seated={seated} invite={invite} inviteLink={inviteLink} reload={setMatch} setStatus={(text, tone) => setStatus(text, tone)} />
            <p role="status" className={`status ${status.tone}`}>{status.text}</p>
            <ChatPanel matchId={match.id} me={me} />
          </>
        ) : (
          <>
            <Seats match={match} tiles={tiles} last={last} clock={deadline} lowClock={low} />
            {over && <Ending match={match} ratings={ratings} abortReason={abortOf(events)} />}
            {expiry && dismissed !== expiry.seq && match.status === "ACTIVE" && <ExpiryNotice text={expiryText(expiry, tiles)} onClose={() => setDismissed(expiry.seq)} />}
            {takenOver && match.status === "ACTIVE" && (
              <div className="panel takeover-note" data-testid="reclaim">
                <span>{t("reclaimNote", { reason: tEnum("takeoverReason", String(mySeatRow?.takeoverReason ?? "")) ?? t("botPlays") })}</span>{" "}
                <button type="button" className="primary" data-action="reclaim" disabled={!legal?.canReclaim} onClick={reclaim}>{t("reclaim")}</button>
                {!legal?.canReclaim && <span className="muted"> {t("reclaimLater")}</span>}
              </div>
            )}
            <div className="board">
              <div className="main">
                <div className="piles">
                  <span className="pile"><span aria-hidden="true">🂠</span> <b>{match.stockCount}</b> <small>{t("stock")}</small></span>
                  {(match.discardTop || match.discardCount > 0) && (
                    <span className="pile">{match.discardTop ? <CardFace code={match.discardTop.code} tiles={tiles} small /> : "—"} <small>{t("discardPile")} ({match.discardCount})</small></span>
                  )}
                  {match.river.length > 0 && (
                    <span className="pile river">{t("river")}: {match.river.map((c, i) => <CardFace key={i} code={c.code} tiles={tiles} small />)}</span>
                  )}
                  {othersDraft && <span className="badge live">{t("watching", { name: onTurnName })}</span>}
                </div>

                <section data-testid="table" className={`table${othersDraft ? " drafting" : ""}`} aria-label={t("table")}>
                  {shownTable.map((meld, mi) => {
                    const check = draft ? checks.find((c) => c.meldIndex === mi) : undefined;
                    return (
                      <Meld key={mi} index={mi} invalid={check && !check.valid ? check : null} fits={fits.includes(mi)} tiles={tiles} codes={meld}
                        putHere={canEdit && selected !== null && selectedCode ? () => tapTarget({ zone: "meld", meld: mi }) : null}
                        onTap={() => tapTarget({ zone: "meld", meld: mi })}>
                        {meld.map((code, ci) => (
                          <span key={ci} className="slot">
                            {canEdit && ci > 0 && meld.length > 1 && selected === null && (
                              <button type="button" className="split" title={t("splitHere")} aria-label={t("splitAria", { meld: mi + 1, card: ci + 1 })} onClick={(e) => { e.stopPropagation(); change(splitMeld(draft!, mi, ci)); }}>✂</button>
                            )}
                            <DraggableCard id={`m:${mi}:${ci}`} code={code} tiles={tiles} disabled={!canEdit} selected={selected === `m:${mi}:${ci}`}
                              changed={marked[mi]?.[ci]}
                              onTap={(e) => {
                                if (!canEdit) return;
                                if (selected && selected !== `m:${mi}:${ci}`) {
                                  // Put the selected card before or after this one, by the side tapped.
                                  const r = (e.currentTarget as HTMLElement).getBoundingClientRect();
                                  tapTarget({ zone: "meld", meld: mi }, ci + (e.clientX > r.left + r.width / 2 ? 1 : 0));
                                } else tapCard(`m:${mi}:${ci}`, code);
                              }} />
                          </span>
                        ))}
                      </Meld>
                    );
                  })}
                  {canEdit && <NewMeld onTap={() => tapTarget({ zone: "new" })} />}
                  {shownTable.length === 0 && !canEdit && <p className="muted empty">{t("noMelds")}</p>}
                </section>

                {seated && !over && (
                  <>
                    <div className="controls">
                      {legal?.drawSources.map((src) => (
                        <button key={src} type="button" data-action={`draw-${String(src).toLowerCase()}`} disabled={!myTurn} onClick={() => draw(src)}>{String(src) === "STOCK" ? t("draw") : String(src) === "DISCARD" ? t("takeDiscard", { card: match.discardTop ? cardText(match.discardTop.code, tiles) : "" }) : t("takeRiver")}</button>
                      ))}
                      {myTurn && (legal?.canCommit || legal?.canUpdateDraft) && (
                        <button type="button" className="primary" data-action="commit" disabled={!canCommit} onClick={commit}>{t("commit")}</button>
                      )}
                      {myTurn && draft && <button type="button" data-action="reset" disabled={!changed} onClick={reset}>{t("reset")}</button>}
                      {myTurn && (history.length > 0 || legal?.canUndo) && <button type="button" data-action="undo" onClick={undo}>{t("undo")}</button>}
                      {myTurn && legal?.canPass && <button type="button" data-action="pass" onClick={pass}>{t("pass")}</button>}
                      {myTurn && (legal?.discardable.length ?? 0) > 0 && <button type="button" data-action="discard" onClick={discard}>{t("discard")}</button>}
                      {myTurn && !match.ranked && (legal?.canCommit || legal?.canUpdateDraft) && <button type="button" className="ghost" data-action="hint" onClick={hint}>{t("hint")}</button>}
                      {canEdit && selected?.startsWith("m:") && played(serverHand, hand).includes(selectedCode?.startsWith("*") ? "*" : (selectedCode ?? "")) && (
                        <button type="button" className="ghost" data-action="to-hand" onClick={() => tapTarget({ zone: "hand" })}>{t("toHand")}</button>
                      )}
                      {!myTurn && match.status === "ACTIVE" && <span className="muted">{t("waitingFor", { name: onTurnName })}</span>}
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
                  </>
                )}
                <p role="status" className={`status ${status.tone}`} data-tone={status.tone}>{status.text}</p>
                {seated && (
                  <Hand canEdit={canEdit} onTap={() => tapTarget({ zone: "hand" })}>
                    <div className="hand-head">
                      <span>{t("hand")} ({hand.length})</span>
                      <button type="button" className="ghost" title={t("sortRank")} disabled={!legal?.canUpdateRackOrder} onClick={() => saveRack(sortByRank(hand))}>777<span className="sr"> {t("sortRank")}</span></button>
                      <button type="button" className="ghost" title={t("sortSuit")} disabled={!legal?.canUpdateRackOrder} onClick={() => saveRack(sortBySuit(hand))}>789<span className="sr"> {t("sortSuit")}</span></button>
                    </div>
                    <div className="cards">
                      {hand.map((code, i) => (
                        <HandSlot key={`${code}-${i}`} index={i}>
                          <DraggableCard id={`h:${i}`} code={code} tiles={tiles} disabled={false} selected={selected === `h:${i}`} onTap={() => tapCard(`h:${i}`, code)} />
                        </HandSlot>
                      ))}
                    </div>
                  </Hand>
                )}
              </div>
              <aside className="side">
                <MoveLog entries={entries} tiles={tiles} />
                <ChatPanel matchId={match.id} me={me} />
                <section className="panel"><RulesSummary match={match} /></section>
              </aside>
            </div>
          </>
        )}
        <span className="sr" data-testid="me">{me.username}</span>
        {conn !== "online" && <span className="sr">{t(`conn_${conn}`)}</span>}
      </div>
    </DndContext>
  );
}

function Meld({ index, invalid, fits, tiles, codes, putHere, onTap, children }: {
  index: number; invalid: CheckQuery["checkMelds"][number] | null; fits: boolean; tiles: boolean; codes: string[];
  putHere: (() => void) | null; onTap: () => void; children: React.ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `meld:${index}` });
  return (
    <div ref={setNodeRef} data-meld={index} className={`meld${invalid ? " invalid" : ""}${fits ? " fits" : ""}${isOver ? " over" : ""}`} onClick={onTap}
      role="group" aria-label={t("meldAria", { n: index + 1, cards: cardsText(codes, tiles) })}
      {...(fits ? { "data-fits": "" } : {})}>
      <div className="cards">{children}</div>
      {putHere && (
        <button type="button" className="put-here" data-action="put-here" aria-label={t("putHereAria", { n: index + 1 })} onClick={(e) => { e.stopPropagation(); putHere(); }}>+</button>
      )}
      {invalid && (
        <div className="why" data-testid="meld-error">
          <MeldReason check={invalid} tiles={tiles} />
        </div>
      )}
    </div>
  );
}

function MeldReason({ check, tiles }: { check: CheckQuery["checkMelds"][number]; tiles: boolean }) {
  return <>{meldText(check.reason ?? check.code, check.message, check.missingCards, tiles)}</>;
}

function NewMeld({ onTap }: { onTap: () => void }) {
  const { setNodeRef, isOver } = useDroppable({ id: "new" });
  return (
    <div ref={setNodeRef} data-testid="new-meld" className={`meld new${isOver ? " over" : ""}`} onClick={onTap} role="button" tabIndex={0} aria-label={t("newMeld")}
      onKeyDown={(e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          onTap();
        }
      }}>
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
