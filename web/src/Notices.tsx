// The notices bar (issue 30): a challenge received (accept or decline it here), answers
// to mine, a round of my tournament started (to my table), its end. Shown on every page.
import { useEffect, useState } from "react";
import { errorText, gql } from "./api";
import { ACCEPT_CHALLENGE, DECLINE_CHALLENGE } from "./socialOps";
import { followSocialEvents, onSocialEvent, type SocialEvent } from "./socialEvents";
import { serverText, t } from "./i18n";
import { rulesetTitle } from "./Lobby";
import "./social.css";

type Note = { key: number; event: SocialEvent };
let counter = 0;

export function clockText(turnSeconds?: number | null, correspondenceHours?: number | null): string {
  if (turnSeconds) return t("clockSeconds", { n: turnSeconds });
  if (correspondenceHours) return t("clockHours", { n: correspondenceHours });
  return t("untimed");
}

export function Notices({ me }: { me: { username: string } }) {
  const [notes, setNotes] = useState<Note[]>([]);
  const [message, setMessage] = useState("");
  useEffect(() => {
    const stop = followSocialEvents();
    const off = onSocialEvent((event) => {
      // My challenge was accepted: to the match, as the one who accepted goes there too.
      if (event.__typename === "ChallengeNotice" && event.type === "CHALLENGE_ACCEPTED" && event.challenge.matchId) {
        location.hash = `#/match/${encodeURIComponent(event.challenge.matchId)}`;
      }
      setNotes((n) => [...n.slice(-4), { key: ++counter, event }]);
    });
    return () => {
      off();
      stop();
    };
  }, [me.username]);
  const drop = (key: number) => setNotes((n) => n.filter((x) => x.key !== key));

  const answer = async (note: Note, id: string, accept: boolean) => {
    setMessage("");
    try {
      if (accept) {
        const r = (await gql(ACCEPT_CHALLENGE, { id })).acceptChallenge;
        if (r.__typename === "Rejection") return setMessage(serverText("rej", r.code, r.message));
        drop(note.key);
        if (r.matchId) location.hash = `#/match/${encodeURIComponent(r.matchId)}`;
      } else {
        const r = (await gql(DECLINE_CHALLENGE, { id })).declineChallenge;
        if (r.__typename === "Rejection") setMessage(serverText("rej", r.code, r.message));
        drop(note.key);
      }
    } catch (e) {
      setMessage(errorText(e));
    }
  };

  if (notes.length === 0 && !message) return null;
  return (
    <div className="notices" data-testid="notices" role="status">
      {notes.map((note) => {
        const e = note.event;
        let body: React.ReactNode = null;
        if (e.__typename === "ChallengeNotice") {
          const c = e.challenge;
          const what = `${rulesetTitle(c.ruleset)} · ${clockText(c.turnSeconds, c.correspondenceHours)}${c.ranked ? ` · ${t("rankedMatch")}` : ""}`;
          if (e.type === "CHALLENGE_RECEIVED") {
            body = (
              <>
                <span>{t("challengeReceived", { name: c.challenger?.username ?? "", what })}</span>
                <button type="button" className="primary" data-action="accept-challenge" onClick={() => answer(note, c.id, true)}>{t("accept")}</button>
                <button type="button" data-action="decline-challenge" onClick={() => answer(note, c.id, false)}>{t("decline")}</button>
              </>
            );
          } else if (e.type === "CHALLENGE_ACCEPTED") {
            body = <span>{t("challengeAccepted", { name: c.challenged?.username ?? "" })}</span>;
          } else if (e.type === "CHALLENGE_DECLINED") {
            body = <span>{t("challengeDeclined", { name: c.challenged?.username ?? "" })}</span>;
          } else if (e.type === "CHALLENGE_CANCELLED") {
            body = <span>{t("challengeCancelled", { name: c.challenger?.username ?? "" })}</span>;
          } else {
            body = <span>{t("challengeExpired")}</span>;
          }
        } else if (e.__typename === "TournamentNotice") {
          const link = `#/tournament/${encodeURIComponent(e.tournamentId)}`;
          if (e.type === "TOURNAMENT_ROUND_STARTED") {
            body = e.bye ? (
              <span>{t("roundBye", { n: e.round ?? 0 })} <a href={link}>{t("toTournament")}</a></span>
            ) : (
              <span>{t("roundStarted", { n: e.round ?? 0 })} <a href={`#/match/${encodeURIComponent(e.matchId ?? "")}`} data-action="to-table">{t("toMyTable")}</a></span>
            );
          } else if (e.type === "TOURNAMENT_ENDED") {
            body = <span>{t("tournamentEndedPlace", { place: e.place ?? 0, points: e.points ?? 0 })} <a href={link}>{t("standings")}</a></span>;
          } else if (e.type === "TOURNAMENT_WITHDRAWN") {
            body = <span>{t("tournamentWithdrawn")} <a href={link}>{t("toTournament")}</a></span>;
          } else {
            body = <span>{t("tournamentCancelledNote")} <a href={link}>{t("toTournament")}</a></span>;
          }
        }
        return (
          <div key={note.key} className="notice" data-notice={e.type}>
            {body}
            <button type="button" className="ghost close" aria-label={t("dismiss")} title={t("dismiss")} onClick={() => drop(note.key)}>×</button>
          </div>
        );
      })}
      {message && <p className="status">{message}</p>}
    </div>
  );
}
