/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** Why a match was aborted (MatchAborted, MatchAbortedNotice): CREATOR_LEFT, its creator left before the start; MODERATOR, a moderator stopped it; TOURNAMENT_DEADLINE, its tournament round's deadline stopped it (placed by the current totals); OTHER, any other reason (see the English `reason`). */
export type AbortReason =
  | 'CREATOR_LEFT'
  | 'MODERATOR'
  | 'OTHER'
  | 'TOURNAMENT_DEADLINE';

/** How strong a bot plays. */
export type BotLevel =
  | 'EASY'
  | 'EXPERT'
  | 'HARD'
  | 'MEDIUM';

/** Where a challenge stands. */
export type ChallengeStatus =
  | 'ACCEPTED'
  | 'CANCELLED'
  | 'DECLINED'
  | 'EXPIRED'
  | 'PENDING';

/** PLAYERS: the seated players speak, everyone who sees the match reads. SPECTATORS: everyone else signed in; the players read it once the match is over. */
export type ChatRoom =
  | 'PLAYERS'
  | 'SPECTATORS';

export type CreateMatchInput = {
  /** Bots seated at creation, after the creator. */
  bots?: Array<BotLevel> | null | undefined;
  correspondenceHours?: number | null | undefined;
  /** Rule option overrides (RULES.md names). */
  options?: any;
  private?: boolean;
  ranked?: boolean;
  ruleset?: string;
  /** Players, 2..5 (preset limits apply). */
  seats: number;
  turnSeconds?: number | null | undefined;
};

/** Where a discarded card went. */
export type DiscardTarget =
  | 'DISCARD'
  | 'RIVER';

/** Where a draw takes its card from. */
export type DrawSource =
  | 'DISCARD'
  | 'RIVER'
  | 'STOCK';

/** The kind of a match event; MatchEvent.type as an enum. */
export type MatchEventKind =
  | 'CARD_DISCARDED'
  | 'CARD_DRAWN'
  | 'DRAFT_UPDATED'
  | 'MATCH_ABORTED'
  | 'MATCH_ENDED'
  | 'MATCH_STARTED'
  | 'MOVE_UNDONE'
  | 'OTHER'
  | 'RESYNC'
  | 'ROUND_ENDED'
  | 'ROUND_STARTED'
  | 'SEAT_CHANGED'
  | 'STOCK_RESTOCKED'
  | 'TURN_COMMITTED'
  | 'TURN_EXPIRED'
  | 'TURN_PASSED'
  | 'TURN_STARTED';

/** The state of a match. */
export type MatchStatus =
  | 'ABORTED'
  | 'ACTIVE'
  | 'FINISHED'
  | 'WAITING';

/** How a match ended. */
export type MatchTermination =
  | 'EXTRA_ROUND'
  | 'OUTS'
  | 'RESIGNATION'
  | 'ROUNDS'
  | 'TARGET';

/** What a meld is. A draft meld (T-DRAFT) may be INVALID while being edited. */
export type MeldKind =
  | 'GROUP'
  | 'INVALID'
  | 'RUN';

/** What a notice is about: YOUR_TURN (a short delay after the turn starts, only while you are away from the match), TURN_REMINDER (80% of a correspondence turn gone), LAST_CHANCE (before a deadline that would hand your seat to a bot; never held by quiet hours), MATCH_STARTED, MATCH_ENDED, SEAT_TAKEN_OVER, INVITED (a challenge to answer), TOURNAMENT_ENDED (your place), TOURNAMENT_CANCELLED. */
export type NotificationKind =
  | 'INVITED'
  | 'LAST_CHANCE'
  | 'MATCH_ENDED'
  | 'MATCH_STARTED'
  | 'SEAT_TAKEN_OVER'
  | 'TOURNAMENT_CANCELLED'
  | 'TOURNAMENT_ENDED'
  | 'TURN_REMINDER'
  | 'YOUR_TURN';

/** One kind's channels; an omitted channel is left as it is. */
export type NotificationKindSettingInput = {
  email?: boolean | null | undefined;
  kind: NotificationKind;
  push?: boolean | null | undefined;
};

/** What to change; an omitted field is left as it is. */
export type NotificationSettingsInput = {
  digest?: boolean | null | undefined;
  kinds?: Array<NotificationKindSettingInput> | null | undefined;
  /** en, es, nl; null: each device's locale */
  language?: string | null | undefined;
  /** null removes the quiet hours */
  quietHours?: QuietHoursInput | null | undefined;
  timeZone?: string | null | undefined;
  whileWatching?: boolean | null | undefined;
};

/** The type of a rule option's value. */
export type OptionType =
  | 'BOOLEAN'
  | 'INT'
  | 'STRING';

/** A device: `token` for ANDROID and IOS, `webPush` for WEB. */
export type PushDeviceInput = {
  /** The device's language (e.g. es-AR): its notices' language. */
  locale?: string | null | undefined;
  platform: PushPlatform;
  /** The FCM registration token, or the APNs device token (hex) of an iOS app. */
  token?: string | null | undefined;
  webPush?: WebPushSubscriptionInput | null | undefined;
};

/** Where a device's pushes go. */
export type PushPlatform =
  | 'ANDROID'
  | 'IOS'
  | 'WEB';

/** What a ranked match is wanted for. */
export type QueueInput = {
  /** Players at the table, the user included. */
  players: number;
  ruleset?: string;
  tempo?: Tempo;
};

/** A preset line (all a ranked table says until free chat is on). */
export type QuickMessage =
  | 'GOOD_LUCK'
  | 'OOPS'
  | 'THANKS'
  | 'WELL_PLAYED';

export type QuietHoursInput = {
  /** HH:MM; before start: across midnight */
  end: string;
  /** HH:MM in the time zone */
  start: string;
};

/** Why a mutation changed nothing; a client can act on each code. */
export type RejectionCode =
  | 'ALREADY_DREW'
  | 'BAD_CREDENTIALS'
  | 'BAD_ENDPOINT'
  | 'BAD_INPUT'
  | 'BAD_OPTION'
  | 'CARD_NOT_IN_HAND'
  | 'CHALLENGE_CLOSED'
  | 'CHALLENGE_EXPIRED'
  | 'CHAT_FLOOD'
  | 'CHAT_TIMED_OUT'
  | 'DISCARD_PILE_EMPTY'
  | 'DISCARD_TAKEN_CARD'
  | 'HINT_NOT_ALLOWED'
  | 'INVALID_MELD'
  | 'JOKER_SWAP_INVALID'
  | 'KEY_TILE_NOT_PLAYED'
  | 'LINE_EMPTY'
  | 'LINE_TOO_LONG'
  | 'MANIPULATION_NOT_ALLOWED'
  | 'MATCH_FULL'
  | 'MATCH_OVER'
  | 'MUST_DISCARD'
  | 'MUST_DRAW_FIRST'
  | 'NOTHING_TO_UNDO'
  | 'NOT_ALLOWED'
  | 'NOT_A_PLAYER'
  | 'NOT_OPENED'
  | 'NOT_YOUR_TURN'
  | 'NO_CARD_FROM_HAND'
  | 'OPENING_TOO_LOW'
  | 'QUICK_CHAT_ONLY'
  | 'REGISTRATION_CLOSED'
  | 'STALE_TURN'
  | 'STOCK_EMPTY'
  | 'STOCK_NOT_EMPTY'
  | 'TABLE_CARD_MISSING'
  | 'TOO_MANY_COPIES'
  | 'TOURNAMENT_FULL'
  | 'TURN_EXPIRED'
  | 'UNKNOWN_CARD'
  | 'USERNAME_TAKEN';

/** How a round ended. */
export type RoundTermination =
  | 'DRAWN'
  | 'OUT'
  | 'STALEMATE';

/** What happened to a seat (SEAT_CHANGED). */
export type SeatChange =
  | 'BOT'
  | 'BOT_TOOK_OVER'
  | 'JOINED'
  | 'LEFT'
  | 'RECLAIMED'
  | 'RESIGNED';

/** Who plays a seat (RULES.md T-TAKEOVER). */
export type SeatController =
  | 'BOT'
  | 'PLAYER'
  | 'TAKEOVER';

/** Why a bot plays a person's seat (RULES.md T-ASYNC, T-TAKEOVER). */
export type TakeoverReason =
  | 'DISCONNECTED'
  | 'RESIGNED'
  | 'TIMEOUTS';

/** How fast a rated match is played; each has its own rating. */
export type Tempo =
  | 'CORRESPONDENCE'
  | 'LIVE';

/** Where a tournament stands. */
export type TournamentStatus =
  | 'CANCELLED'
  | 'FINISHED'
  | 'RUNNING'
  | 'SCHEDULED';

/** The phase of a turn (RULES.md): what the seat on turn does next. */
export type TurnPhase =
  | 'DISCARD'
  | 'DRAW'
  | 'KEY'
  | 'MELD'
  | 'OVER'
  | 'PLAY';

/** The kind of a notification; UserEvent.type as an enum. */
export type UserEventKind =
  | 'CHALLENGE_ACCEPTED'
  | 'CHALLENGE_CANCELLED'
  | 'CHALLENGE_DECLINED'
  | 'CHALLENGE_EXPIRED'
  | 'CHALLENGE_RECEIVED'
  | 'MATCH_ABORTED'
  | 'MATCH_ENDED'
  | 'MATCH_STARTED'
  | 'OTHER'
  | 'RATING_CHANGED'
  | 'SEAT_TAKEN_OVER'
  | 'TOURNAMENT_CANCELLED'
  | 'TOURNAMENT_ENDED'
  | 'TOURNAMENT_ROUND_STARTED'
  | 'TOURNAMENT_WITHDRAWN'
  | 'TURN_REMINDER'
  | 'YOUR_TURN';

/** A browser's PushSubscription (its toJSON()). */
export type WebPushSubscriptionInput = {
  /** keys.auth, URL-safe base64 */
  auth: string;
  endpoint: string;
  /** keys.p256dh, URL-safe base64 */
  p256dh: string;
};

export type MatchFieldsFragment = { id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, roundResults: Array<{ round: number }>, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { id: string, username: string } | null };

export type RulesetsQueryVariables = Exact<{ [key: string]: never; }>;


export type RulesetsQuery = { rulesets: Array<{ name: string, family: string, minPlayers: number, maxPlayers: number, optionList: Array<{ name: string, type: OptionType, default: any, nullable: boolean, min: number | null, max: number | null, choices: Array<string> | null, fixed: boolean, description: string | null }> }> };

export type RegisterMutationVariables = Exact<{
  username: string;
  password: string;
}>;


export type RegisterMutation = { register:
    | { __typename: 'AuthPayload', token: string, user: { id: string, username: string } }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type LoginMutationVariables = Exact<{
  username: string;
  password: string;
}>;


export type LoginMutation = { login:
    | { __typename: 'AuthPayload', token: string, user: { id: string, username: string } }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type LogoutMutationVariables = Exact<{ [key: string]: never; }>;


export type LogoutMutation = { logout: boolean };

export type LobbyQueryVariables = Exact<{ [key: string]: never; }>;


export type LobbyQuery = { openMatches: { edges: Array<{ node: { id: string, ruleset: string, players: number, mySeat: number | null, turnSeconds: number | null, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, controller: SeatController | null }> } }> }, waiting: { edges: Array<{ node: { id: string, ruleset: string, status: MatchStatus, ranked: boolean, mySeat: number | null, players: number, turnSeconds: number | null, correspondenceHours: number | null, turn: { seat: number } | null, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, controller: SeatController | null }> } }> }, active: { edges: Array<{ node: { id: string, ruleset: string, status: MatchStatus, ranked: boolean, mySeat: number | null, players: number, turnSeconds: number | null, correspondenceHours: number | null, turn: { seat: number } | null, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, controller: SeatController | null }> } }> }, myTurn: { edges: Array<{ node: { id: string } }> }, finished: { edges: Array<{ node: { id: string, ruleset: string, status: MatchStatus, ranked: boolean, mySeat: number | null, players: number, turnSeconds: number | null, correspondenceHours: number | null, turn: { seat: number } | null, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, controller: SeatController | null }> } }> }, queueStatus: { ruleset: string, players: number, tempo: Tempo, waitedSeconds: number, searchRange: number } | null };

export type LeaderboardQueryVariables = Exact<{
  ruleset: string;
  tempo: Tempo;
}>;


export type LeaderboardQuery = { leaderboard: { edges: Array<{ node: { rank: number, user: { username: string }, rating: { ordinal: number, games: number, provisional: boolean } } }> } };

export type CreateMutationVariables = Exact<{
  input: CreateMatchInput;
}>;


export type CreateMutation = { createMatch:
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, roundResults: Array<{ round: number }>, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type JoinMutationVariables = Exact<{
  id: string | number;
  inviteCode?: string | null | undefined;
}>;


export type JoinMutation = { joinMatch:
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, roundResults: Array<{ round: number }>, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type AddBotMutationVariables = Exact<{
  id: string | number;
  level: BotLevel;
}>;


export type AddBotMutation = { addBot:
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, roundResults: Array<{ round: number }>, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type StartMutationVariables = Exact<{
  id: string | number;
}>;


export type StartMutation = { startMatch:
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, roundResults: Array<{ round: number }>, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type EnqueueMutationVariables = Exact<{
  input: QueueInput;
}>;


export type EnqueueMutation = { enqueue:
    | { __typename: 'QueueTicket', ruleset: string }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type DequeueMutationVariables = Exact<{ [key: string]: never; }>;


export type DequeueMutation = { dequeue: boolean };

export type MatchQueryVariables = Exact<{
  id: string | number;
}>;


export type MatchQuery = { match: { id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, roundResults: Array<{ round: number }>, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> } | null };

export type InvitationQueryVariables = Exact<{
  id: string | number;
  code: string;
}>;


export type InvitationQuery = { invitation: { id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, roundResults: Array<{ round: number }>, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> } | null };

export type DraftMutationVariables = Exact<{
  id: string | number;
  turn: number;
  table: Array<Array<string> | string> | Array<string> | string;
}>;


export type DraftMutation = { updateDraft:
    | { __typename: 'Match' }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type CommitMutationVariables = Exact<{
  id: string | number;
  turn: number;
  table: Array<Array<string> | string> | Array<string> | string;
  key?: string | null | undefined;
}>;


export type CommitMutation = { commitTurn:
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, roundResults: Array<{ round: number }>, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string, reason: string | null, meldIndex: number | null, points: number | null, pointsNeeded: number | null, missingCards: Array<{ code: string }> | null }
   };

export type DrawMutationVariables = Exact<{
  id: string | number;
  turn: number;
  source: DrawSource;
  key?: string | null | undefined;
}>;


export type DrawMutation = { draw:
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, roundResults: Array<{ round: number }>, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type DiscardMutationVariables = Exact<{
  id: string | number;
  turn: number;
  card: string;
  key?: string | null | undefined;
}>;


export type DiscardMutation = { discard:
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, roundResults: Array<{ round: number }>, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type PassMutationVariables = Exact<{
  id: string | number;
  turn: number;
  key?: string | null | undefined;
}>;


export type PassMutation = { passTurn:
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, roundResults: Array<{ round: number }>, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type SetRackOrderMutationVariables = Exact<{
  id: string | number;
  cards: Array<string> | string;
}>;


export type SetRackOrderMutation = { setRackOrder:
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, roundResults: Array<{ round: number }>, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type UndoMutationVariables = Exact<{
  id: string | number;
  turn: number;
}>;


export type UndoMutation = { undo:
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, roundResults: Array<{ round: number }>, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type CheckQueryVariables = Exact<{
  ruleset: string;
  melds: Array<Array<string> | string> | Array<string> | string;
  options?: any;
}>;


export type CheckQuery = { checkMelds: Array<{ valid: boolean, kind: MeldKind | null, code: string | null, reason: string | null, message: string | null, meldIndex: number, missingCards: Array<{ code: string }> | null, cards: Array<{ code: string, represents: string | null }> | null }> };

export type FitsQueryVariables = Exact<{
  id: string | number;
  card: string;
}>;


export type FitsQuery = { fits: Array<number> };

export type HintQueryVariables = Exact<{
  id: string | number;
}>;


export type HintQuery = { hintPlay:
    | { __typename: 'Play', cards: number, points: number, table: Array<{ cards: Array<{ code: string, represents: string | null }> }>, played: Array<{ code: string }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

type EventFields_CardDiscarded_Fragment = { __typename: 'CardDiscarded', seat: number, to: DiscardTarget, seq: number, type: string, kind: MatchEventKind, at: string | null, discarded: { code: string }, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null };

type EventFields_CardDrawn_Fragment = { __typename: 'CardDrawn', seat: number, source: DrawSource, count: number, penalty: number, seq: number, type: string, kind: MatchEventKind, at: string | null, cards: Array<{ code: string }> | null, card: { code: string } | null, key: { code: string } | null, booty: Array<{ code: string }> | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null };

type EventFields_DraftUpdated_Fragment = { __typename: 'DraftUpdated', seat: number, seq: number, type: string, kind: MatchEventKind, at: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }>, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null };

type EventFields_MatchAborted_Fragment = { __typename: 'MatchAborted', reasonCode: AbortReason, seq: number, type: string, kind: MatchEventKind, at: string | null, abortReason: string, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null };

type EventFields_MatchEnded_Fragment = { __typename: 'MatchEnded', seq: number, type: string, kind: MatchEventKind, at: string | null, outcome: { termination: MatchTermination, winners: Array<number>, totals: Array<number> }, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null };

type EventFields_MatchStarted_Fragment = { __typename: 'MatchStarted', seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null };

type EventFields_MoveUndone_Fragment = { __typename: 'MoveUndone', seat: number, handCount: number, seq: number, type: string, kind: MatchEventKind, at: string | null, undoneStep: string, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null };

type EventFields_OtherEvent_Fragment = { __typename: 'OtherEvent', seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null };

type EventFields_Resync_Fragment = { __typename: 'Resync', seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null };

type EventFields_RoundEnded_Fragment = { __typename: 'RoundEnded', seq: number, type: string, kind: MatchEventKind, at: string | null, result: { round: number, termination: RoundTermination, winners: Array<number>, wentOut: number | null, rummy: boolean, scores: Array<number | null>, totals: Array<number>, hands: Array<Array<{ code: string }>> }, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null };

type EventFields_RoundStarted_Fragment = { __typename: 'RoundStarted', round: number, dealer: number | null, participants: Array<number>, extra: boolean, seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null };

type EventFields_SeatChanged_Fragment = { __typename: 'SeatChanged', seat: number, change: SeatChange, reason: TakeoverReason | null, bot: BotLevel | null, username: string | null, seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null };

type EventFields_StockRestocked_Fragment = { __typename: 'StockRestocked', seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null };

type EventFields_TurnCommitted_Fragment = { __typename: 'TurnCommitted', seat: number, turn: number, jokersToHand: number, opening: number | null, handCount: number, seq: number, type: string, kind: MatchEventKind, at: string | null, played: Array<{ code: string }>, jokerSwaps: Array<{ joker: { code: string, represents: string | null }, card: { code: string } }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null };

type EventFields_TurnExpired_Fragment = { __typename: 'TurnExpired', seat: number, turn: number, undone: any, penalty: number, seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null };

type EventFields_TurnPassed_Fragment = { __typename: 'TurnPassed', seat: number, seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null };

type EventFields_TurnStarted_Fragment = { __typename: 'TurnStarted', seat: number, turn: number, round: number, phase: TurnPhase, deadline: string | null, seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null };

export type EventFieldsFragment =
  | EventFields_CardDiscarded_Fragment
  | EventFields_CardDrawn_Fragment
  | EventFields_DraftUpdated_Fragment
  | EventFields_MatchAborted_Fragment
  | EventFields_MatchEnded_Fragment
  | EventFields_MatchStarted_Fragment
  | EventFields_MoveUndone_Fragment
  | EventFields_OtherEvent_Fragment
  | EventFields_Resync_Fragment
  | EventFields_RoundEnded_Fragment
  | EventFields_RoundStarted_Fragment
  | EventFields_SeatChanged_Fragment
  | EventFields_StockRestocked_Fragment
  | EventFields_TurnCommitted_Fragment
  | EventFields_TurnExpired_Fragment
  | EventFields_TurnPassed_Fragment
  | EventFields_TurnStarted_Fragment
;

export type EventsSubscriptionVariables = Exact<{
  id: string | number;
  after?: number | null | undefined;
}>;


export type EventsSubscription = { matchEvents:
    | { __typename: 'CardDiscarded', seat: number, to: DiscardTarget, seq: number, type: string, kind: MatchEventKind, at: string | null, discarded: { code: string }, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
    | { __typename: 'CardDrawn', seat: number, source: DrawSource, count: number, penalty: number, seq: number, type: string, kind: MatchEventKind, at: string | null, cards: Array<{ code: string }> | null, card: { code: string } | null, key: { code: string } | null, booty: Array<{ code: string }> | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
    | { __typename: 'DraftUpdated', seat: number, seq: number, type: string, kind: MatchEventKind, at: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }>, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
    | { __typename: 'MatchAborted', reasonCode: AbortReason, seq: number, type: string, kind: MatchEventKind, at: string | null, abortReason: string, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
    | { __typename: 'MatchEnded', seq: number, type: string, kind: MatchEventKind, at: string | null, outcome: { termination: MatchTermination, winners: Array<number>, totals: Array<number> }, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
    | { __typename: 'MatchStarted', seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
    | { __typename: 'MoveUndone', seat: number, handCount: number, seq: number, type: string, kind: MatchEventKind, at: string | null, undoneStep: string, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
    | { __typename: 'OtherEvent', seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
    | { __typename: 'Resync', seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
    | { __typename: 'RoundEnded', seq: number, type: string, kind: MatchEventKind, at: string | null, result: { round: number, termination: RoundTermination, winners: Array<number>, wentOut: number | null, rummy: boolean, scores: Array<number | null>, totals: Array<number>, hands: Array<Array<{ code: string }>> }, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
    | { __typename: 'RoundStarted', round: number, dealer: number | null, participants: Array<number>, extra: boolean, seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
    | { __typename: 'SeatChanged', seat: number, change: SeatChange, reason: TakeoverReason | null, bot: BotLevel | null, username: string | null, seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
    | { __typename: 'StockRestocked', seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
    | { __typename: 'TurnCommitted', seat: number, turn: number, jokersToHand: number, opening: number | null, handCount: number, seq: number, type: string, kind: MatchEventKind, at: string | null, played: Array<{ code: string }>, jokerSwaps: Array<{ joker: { code: string, represents: string | null }, card: { code: string } }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
    | { __typename: 'TurnExpired', seat: number, turn: number, undone: any, penalty: number, seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
    | { __typename: 'TurnPassed', seat: number, seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
    | { __typename: 'TurnStarted', seat: number, turn: number, round: number, phase: TurnPhase, deadline: string | null, seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
   };

export type ReplayQueryVariables = Exact<{
  id: string | number;
}>;


export type ReplayQuery = { replay: { matchId: string, ruleset: string, options: any, winners: Array<number>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null }>, events: Array<{ seq: number, event:
        | { __typename: 'CardDiscarded', seat: number, to: DiscardTarget, seq: number, type: string, kind: MatchEventKind, at: string | null, discarded: { code: string }, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
        | { __typename: 'CardDrawn', seat: number, source: DrawSource, count: number, penalty: number, seq: number, type: string, kind: MatchEventKind, at: string | null, cards: Array<{ code: string }> | null, card: { code: string } | null, key: { code: string } | null, booty: Array<{ code: string }> | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
        | { __typename: 'DraftUpdated', seat: number, seq: number, type: string, kind: MatchEventKind, at: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }>, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
        | { __typename: 'MatchAborted', reasonCode: AbortReason, seq: number, type: string, kind: MatchEventKind, at: string | null, abortReason: string, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
        | { __typename: 'MatchEnded', seq: number, type: string, kind: MatchEventKind, at: string | null, outcome: { termination: MatchTermination, winners: Array<number>, totals: Array<number> }, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
        | { __typename: 'MatchStarted', seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
        | { __typename: 'MoveUndone', seat: number, handCount: number, seq: number, type: string, kind: MatchEventKind, at: string | null, undoneStep: string, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
        | { __typename: 'OtherEvent', seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
        | { __typename: 'Resync', seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
        | { __typename: 'RoundEnded', seq: number, type: string, kind: MatchEventKind, at: string | null, result: { round: number, termination: RoundTermination, winners: Array<number>, wentOut: number | null, rummy: boolean, scores: Array<number | null>, totals: Array<number>, hands: Array<Array<{ code: string }>> }, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
        | { __typename: 'RoundStarted', round: number, dealer: number | null, participants: Array<number>, extra: boolean, seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
        | { __typename: 'SeatChanged', seat: number, change: SeatChange, reason: TakeoverReason | null, bot: BotLevel | null, username: string | null, seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
        | { __typename: 'StockRestocked', seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
        | { __typename: 'TurnCommitted', seat: number, turn: number, jokersToHand: number, opening: number | null, handCount: number, seq: number, type: string, kind: MatchEventKind, at: string | null, played: Array<{ code: string }>, jokerSwaps: Array<{ joker: { code: string, represents: string | null }, card: { code: string } }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
        | { __typename: 'TurnExpired', seat: number, turn: number, undone: any, penalty: number, seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
        | { __typename: 'TurnPassed', seat: number, seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
        | { __typename: 'TurnStarted', seat: number, turn: number, round: number, phase: TurnPhase, deadline: string | null, seq: number, type: string, kind: MatchEventKind, at: string | null, after: { turn: number, onTurn: number | null, phase: TurnPhase, deadline: string | null, stockCount: number, discardCount: number, discardTop: { code: string } | null, river: Array<{ code: string }>, seats: Array<{ index: number, handCount: number, opened: boolean, score: number }>, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }> | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null }
      , hands: Array<Array<{ code: string }> | null> }> } | null };

export type ResignMutationVariables = Exact<{
  id: string | number;
}>;


export type ResignMutation = { resign:
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, roundResults: Array<{ round: number }>, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type ReclaimMutationVariables = Exact<{
  id: string | number;
}>;


export type ReclaimMutation = { reclaimSeat:
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, roundResults: Array<{ round: number }>, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type PlayerRatingsQueryVariables = Exact<{
  username: string;
}>;


export type PlayerRatingsQuery = { player: { username: string, ratings: Array<{ ruleset: string, tempo: Tempo, ordinal: number, games: number, provisional: boolean }> } | null };

export type MyEventsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type MyEventsSubscription = { myEvents:
    | { __typename: 'ChallengeNotice', type: string, matchId: string | null }
    | { __typename: 'MatchAbortedNotice', type: string, matchId: string | null }
    | { __typename: 'MatchEndedNotice', type: string, matchId: string | null }
    | { __typename: 'MatchStartedNotice', type: string, matchId: string | null }
    | { __typename: 'OtherNotice', type: string, matchId: string | null }
    | { __typename: 'RatingChanged', ruleset: string, tempo: string, rank: number | null, type: string, matchId: string | null, before: { ordinal: number } | null, after: { ordinal: number, provisional: boolean | null } | null }
    | { __typename: 'SeatTakenOver', type: string, matchId: string | null }
    | { __typename: 'TournamentNotice', type: string, matchId: string | null }
    | { __typename: 'TurnNotice', type: string, matchId: string | null }
   };

export type VapidPublicKeyQueryVariables = Exact<{ [key: string]: never; }>;


export type VapidPublicKeyQuery = { vapidPublicKey: string | null };

export type AddPushDeviceMutationVariables = Exact<{
  input: PushDeviceInput;
}>;


export type AddPushDeviceMutation = { addPushDevice:
    | { __typename: 'PushDevice', id: string }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type RemovePushDeviceMutationVariables = Exact<{
  id: string | number;
}>;


export type RemovePushDeviceMutation = { removePushDevice: boolean };

export type NotificationSettingsFieldsFragment = { timeZone: string, whileWatching: boolean, digest: boolean, language: string | null, kinds: Array<{ kind: NotificationKind, push: boolean, email: boolean }>, quietHours: { start: string, end: string } | null };

export type NotificationSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type NotificationSettingsQuery = { me: { id: string, notificationSettings: { timeZone: string, whileWatching: boolean, digest: boolean, language: string | null, kinds: Array<{ kind: NotificationKind, push: boolean, email: boolean }>, quietHours: { start: string, end: string } | null } | null } | null };

export type SetNotificationSettingsMutationVariables = Exact<{
  input: NotificationSettingsInput;
}>;


export type SetNotificationSettingsMutation = { setNotificationSettings:
    | { __typename: 'NotificationSettings', timeZone: string, whileWatching: boolean, digest: boolean, language: string | null, kinds: Array<{ kind: NotificationKind, push: boolean, email: boolean }>, quietHours: { start: string, end: string } | null }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type TournamentsQueryVariables = Exact<{
  status?: TournamentStatus | null | undefined;
}>;


export type TournamentsQuery = { tournaments: { edges: Array<{ node: { id: string, name: string, ruleset: string, status: TournamentStatus, tableSize: number, roundCount: number, currentRound: number, startsAt: string, playerCount: number, registered: boolean, turnSeconds: number | null, correspondenceDays: number | null, rated: boolean } }> } };

export type TournamentQueryVariables = Exact<{
  id: string | number;
}>;


export type TournamentQuery = { tournament: { id: string, name: string, description: string, ruleset: string, status: TournamentStatus, tableSize: number, roundCount: number, currentRound: number, startsAt: string, minPlayers: number, maxPlayers: number | null, playerCount: number, registered: boolean, turnSeconds: number | null, correspondenceDays: number | null, roundMinutes: number, rated: boolean, cancelReason: string | null, placePoints: Array<{ tableSize: number, points: Array<number> }>, standings: Array<{ rank: number, points: number, tiebreak: number, played: number, byes: number, forfeits: number, withdrawn: boolean, user: { id: string, username: string } }>, rounds: Array<{ number: number, deadline: string, endedAt: string | null, byes: Array<{ username: string }>, tables: Array<{ index: number, matchId: string, adjudicated: boolean, players: Array<{ username: string }>, results: Array<{ place: number | null, points: number, forfeit: boolean, user: { username: string } }> | null }> }>, myTable: { matchId: string } | null } | null };

export type JoinTournamentMutationVariables = Exact<{
  id: string | number;
}>;


export type JoinTournamentMutation = { joinTournament:
    | { __typename: 'Rejection', code: RejectionCode, message: string }
    | { __typename: 'Tournament', id: string, registered: boolean }
   };

export type LeaveTournamentMutationVariables = Exact<{
  id: string | number;
}>;


export type LeaveTournamentMutation = { leaveTournament:
    | { __typename: 'Rejection', code: RejectionCode, message: string }
    | { __typename: 'Tournament', id: string, registered: boolean }
   };

export type TournamentEventsSubscriptionVariables = Exact<{
  id: string | number;
  after?: number | null | undefined;
}>;


export type TournamentEventsSubscription = { tournamentEvents:
    | { seq: number, type: string }
    | { seq: number, type: string }
    | { seq: number, type: string }
    | { seq: number, type: string }
    | { seq: number, type: string }
    | { seq: number, type: string }
    | { seq: number, type: string }
   };

export type ChatQueryVariables = Exact<{
  id: string | number;
}>;


export type ChatQuery = { chat: { lastSeq: number, state: { room: ChatRoom | null, quickOnly: boolean, freeChat: boolean, freeChatPlayers: number, players: number, mutedAll: boolean, muted: Array<string>, timedOutUntil: string | null, maxLength: number }, events: Array<
      | { __typename: 'ChatLineHidden', hiddenSeq: number, seq: number, type: string, room: ChatRoom, at: string | null }
      | { __typename: 'ChatMessage', userId: string | null, username: string | null, text: string | null, quick: QuickMessage | null, hidden: boolean, seq: number, type: string, room: ChatRoom, at: string | null }
      | { __typename: 'FreeChatChanged', username: string | null, on: boolean, freeChatPlayers: number, players: number, seq: number, type: string, room: ChatRoom, at: string | null }
      | { __typename: 'OtherChatEvent', seq: number, type: string, room: ChatRoom, at: string | null }
    > } };

export type MatchChatSubscriptionVariables = Exact<{
  id: string | number;
  after?: number | null | undefined;
}>;


export type MatchChatSubscription = { matchChat:
    | { __typename: 'ChatLineHidden', hiddenSeq: number, seq: number, type: string, room: ChatRoom, at: string | null }
    | { __typename: 'ChatMessage', userId: string | null, username: string | null, text: string | null, quick: QuickMessage | null, hidden: boolean, seq: number, type: string, room: ChatRoom, at: string | null }
    | { __typename: 'FreeChatChanged', username: string | null, on: boolean, freeChatPlayers: number, players: number, seq: number, type: string, room: ChatRoom, at: string | null }
    | { __typename: 'OtherChatEvent', seq: number, type: string, room: ChatRoom, at: string | null }
   };

export type SendChatMutationVariables = Exact<{
  id: string | number;
  text?: string | null | undefined;
  quick?: QuickMessage | null | undefined;
}>;


export type SendChatMutation = { sendChat:
    | { __typename: 'ChatMessage', seq: number }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type SetFreeChatMutationVariables = Exact<{
  id: string | number;
  on: boolean;
}>;


export type SetFreeChatMutation = { setFreeChat:
    | { __typename: 'ChatState', quickOnly: boolean, freeChat: boolean, freeChatPlayers: number, players: number }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type MuteChatMutationVariables = Exact<{
  id: string | number;
  username?: string | null | undefined;
  muted: boolean;
}>;


export type MuteChatMutation = { muteChat: { mutedAll: boolean, muted: Array<string> } };

export type ReportLineMutationVariables = Exact<{
  username: string;
  id: string | number;
  lines?: Array<number> | number | null | undefined;
}>;


export type ReportLineMutation = { reportPlayer: boolean };

export type ReplayChatQueryVariables = Exact<{
  id: string | number;
}>;


export type ReplayChatQuery = { replay: { chat: Array<{ seq: number, room: ChatRoom, username: string | null, text: string | null, quick: QuickMessage | null }> } | null };

export type FriendsQueryVariables = Exact<{ [key: string]: never; }>;


export type FriendsQuery = { me: { id: string, blocked: Array<{ username: string }> | null, following: Array<{ online: boolean, lastSeenAt: string | null, user: { username: string }, playing: Array<{ id: string, ruleset: string, players: number }> }> | null } | null, myChallenges: Array<{ id: string, status: ChallengeStatus, ruleset: string, ranked: boolean, turnSeconds: number | null, correspondenceHours: number | null, expiresAt: string | null, challenger: { username: string } | null, challenged: { username: string } | null }> };

export type FollowMutationVariables = Exact<{
  username: string;
}>;


export type FollowMutation = { followUser:
    | { __typename: 'Rejection', code: RejectionCode, message: string }
    | { __typename: 'User' }
   };

export type UnfollowMutationVariables = Exact<{
  username: string;
}>;


export type UnfollowMutation = { unfollowUser:
    | { __typename: 'Rejection', code: RejectionCode, message: string }
    | { __typename: 'User' }
   };

export type BlockMutationVariables = Exact<{
  username: string;
}>;


export type BlockMutation = { blockUser:
    | { __typename: 'Rejection', code: RejectionCode, message: string }
    | { __typename: 'User' }
   };

export type UnblockMutationVariables = Exact<{
  username: string;
}>;


export type UnblockMutation = { unblockUser:
    | { __typename: 'Rejection', code: RejectionCode, message: string }
    | { __typename: 'User' }
   };

export type ChallengeMutationVariables = Exact<{
  username: string;
  ruleset: string;
  turnSeconds?: number | null | undefined;
  correspondenceHours?: number | null | undefined;
  ranked: boolean;
}>;


export type ChallengeMutation = { challenge:
    | { __typename: 'Challenge', id: string, status: ChallengeStatus }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type AcceptChallengeMutationVariables = Exact<{
  id: string | number;
}>;


export type AcceptChallengeMutation = { acceptChallenge:
    | { __typename: 'Challenge', id: string, status: ChallengeStatus, matchId: string | null }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type DeclineChallengeMutationVariables = Exact<{
  id: string | number;
}>;


export type DeclineChallengeMutation = { declineChallenge:
    | { __typename: 'Challenge', id: string, status: ChallengeStatus }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type CancelChallengeMutationVariables = Exact<{
  id: string | number;
}>;


export type CancelChallengeMutation = { cancelChallenge:
    | { __typename: 'Challenge', id: string, status: ChallengeStatus }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type SocialEventsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type SocialEventsSubscription = { myEvents:
    | { __typename: 'ChallengeNotice', type: string, kind: UserEventKind, matchId: string | null, challenge: { id: string, status: ChallengeStatus, ruleset: string, ranked: boolean, turnSeconds: number | null, correspondenceHours: number | null, matchId: string | null, challenger: { username: string } | null, challenged: { username: string } | null } }
    | { __typename: 'MatchAbortedNotice', type: string, kind: UserEventKind, matchId: string | null }
    | { __typename: 'MatchEndedNotice', type: string, kind: UserEventKind, matchId: string | null }
    | { __typename: 'MatchStartedNotice', type: string, kind: UserEventKind, matchId: string | null }
    | { __typename: 'OtherNotice', type: string, kind: UserEventKind, matchId: string | null }
    | { __typename: 'RatingChanged', type: string, kind: UserEventKind, matchId: string | null }
    | { __typename: 'SeatTakenOver', type: string, kind: UserEventKind, matchId: string | null }
    | { __typename: 'TournamentNotice', tournamentId: string, round: number | null, bye: boolean | null, place: number | null, points: number | null, reason: string | null, type: string, kind: UserEventKind, matchId: string | null }
    | { __typename: 'TurnNotice', type: string, kind: UserEventKind, matchId: string | null }
   };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const MatchFieldsFragmentDoc = new TypedDocumentString(`
    fragment MatchFields on Match {
  id
  ruleset
  status
  ranked
  private
  players
  turnSeconds
  correspondenceHours
  options
  inviteCode
  mySeat
  stockCount
  discardCount
  round
  lastSeq
  roundResults {
    round
  }
  legalActions {
    phase
    onTurn
    canCommit
    drawSources
    riverTiles
    canPass
    discardable {
      code
    }
    canUndo
    canUpdateDraft
    canUpdateRackOrder
    canResign
    canReclaim
  }
  discardTop {
    code
  }
  river {
    code
  }
  drawnCards {
    code
  }
  turn {
    number
    seat
    phaseKind
    deadline
    draft {
      cards {
        code
        represents
      }
      kind
    }
  }
  myHand {
    code
  }
  table {
    cards {
      code
      represents
    }
    kind
    placedBy
  }
  seats {
    index
    username
    bot
    handCount
    opened
    score
    roundsWon
    resigned
    botPlaying
    controller
    takeoverReason
  }
  winners {
    index
  }
}
    `, {"fragmentName":"MatchFields"}) as unknown as TypedDocumentString<MatchFieldsFragment, unknown>;
export const EventFieldsFragmentDoc = new TypedDocumentString(`
    fragment EventFields on MatchEvent {
  __typename
  seq
  type
  kind
  at
  after {
    turn
    onTurn
    phase
    deadline
    stockCount
    discardCount
    discardTop {
      code
    }
    river {
      code
    }
    seats {
      index
      handCount
      opened
      score
    }
    table {
      cards {
        code
        represents
      }
      kind
      placedBy
    }
    draft {
      cards {
        code
        represents
      }
      kind
    }
  }
  myHand {
    code
  }
  ... on RoundStarted {
    round
    dealer
    participants
    extra
  }
  ... on TurnStarted {
    seat
    turn
    round
    phase
    deadline
  }
  ... on DraftUpdated {
    seat
    draft {
      cards {
        code
        represents
      }
      kind
    }
  }
  ... on MoveUndone {
    seat
    undoneStep: undone
    table {
      cards {
        code
        represents
      }
      kind
      placedBy
    }
    handCount
  }
  ... on TurnCommitted {
    seat
    turn
    played {
      code
    }
    jokersToHand
    opening
    handCount
    jokerSwaps {
      joker {
        code
        represents
      }
      card {
        code
      }
    }
    table {
      cards {
        code
        represents
      }
      kind
      placedBy
    }
  }
  ... on CardDrawn {
    seat
    source
    count
    penalty
    cards {
      code
    }
    card {
      code
    }
    key {
      code
    }
    booty {
      code
    }
  }
  ... on CardDiscarded {
    seat
    discarded: card {
      code
    }
    to
  }
  ... on TurnPassed {
    seat
  }
  ... on TurnExpired {
    seat
    turn
    undone
    penalty
  }
  ... on SeatChanged {
    seat
    change
    reason
    bot
    username
  }
  ... on RoundEnded {
    result {
      round
      termination
      winners
      wentOut
      rummy
      hands {
        code
      }
      scores
      totals
    }
  }
  ... on MatchEnded {
    outcome {
      termination
      winners
      totals
    }
  }
  ... on MatchAborted {
    abortReason: reason
    reasonCode
  }
}
    `, {"fragmentName":"EventFields"}) as unknown as TypedDocumentString<EventFieldsFragment, unknown>;
export const NotificationSettingsFieldsFragmentDoc = new TypedDocumentString(`
    fragment NotificationSettingsFields on NotificationSettings {
  kinds {
    kind
    push
    email
  }
  quietHours {
    start
    end
  }
  timeZone
  whileWatching
  digest
  language
}
    `, {"fragmentName":"NotificationSettingsFields"}) as unknown as TypedDocumentString<NotificationSettingsFieldsFragment, unknown>;
export const MeDocument = new TypedDocumentString(`
    query Me {
  me {
    id
    username
  }
}
    `) as unknown as TypedDocumentString<MeQuery, MeQueryVariables>;
export const RulesetsDocument = new TypedDocumentString(`
    query Rulesets {
  rulesets {
    name
    family
    minPlayers
    maxPlayers
    optionList {
      name
      type
      default
      nullable
      min
      max
      choices
      fixed
      description
    }
  }
}
    `) as unknown as TypedDocumentString<RulesetsQuery, RulesetsQueryVariables>;
export const RegisterDocument = new TypedDocumentString(`
    mutation Register($username: String!, $password: String!) {
  register(username: $username, password: $password) {
    __typename
    ... on AuthPayload {
      token
      user {
        id
        username
      }
    }
    ... on Rejection {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<RegisterMutation, RegisterMutationVariables>;
export const LoginDocument = new TypedDocumentString(`
    mutation Login($username: String!, $password: String!) {
  login(username: $username, password: $password) {
    __typename
    ... on AuthPayload {
      token
      user {
        id
        username
      }
    }
    ... on Rejection {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<LoginMutation, LoginMutationVariables>;
export const LogoutDocument = new TypedDocumentString(`
    mutation Logout {
  logout
}
    `) as unknown as TypedDocumentString<LogoutMutation, LogoutMutationVariables>;
export const LobbyDocument = new TypedDocumentString(`
    query Lobby {
  openMatches(first: 20) {
    edges {
      node {
        id
        ruleset
        players
        mySeat
        turnSeconds
        seats {
          index
          username
          bot
          controller
        }
      }
    }
  }
  waiting: myMatches(first: 20, status: WAITING) {
    edges {
      node {
        id
        ruleset
        status
        ranked
        mySeat
        players
        turnSeconds
        correspondenceHours
        turn {
          seat
        }
        seats {
          index
          username
          bot
          controller
        }
      }
    }
  }
  active: myMatches(first: 30, filter: ACTIVE) {
    edges {
      node {
        id
        ruleset
        status
        ranked
        mySeat
        players
        turnSeconds
        correspondenceHours
        turn {
          seat
        }
        seats {
          index
          username
          bot
          controller
        }
      }
    }
  }
  myTurn: myMatches(first: 50, filter: MY_TURN) {
    edges {
      node {
        id
      }
    }
  }
  finished: myMatches(first: 10, filter: FINISHED) {
    edges {
      node {
        id
        ruleset
        status
        ranked
        mySeat
        players
        turnSeconds
        correspondenceHours
        turn {
          seat
        }
        seats {
          index
          username
          bot
          controller
        }
      }
    }
  }
  queueStatus {
    ruleset
    players
    tempo
    waitedSeconds
    searchRange
  }
}
    `) as unknown as TypedDocumentString<LobbyQuery, LobbyQueryVariables>;
export const LeaderboardDocument = new TypedDocumentString(`
    query Leaderboard($ruleset: String!, $tempo: Tempo!) {
  leaderboard(ruleset: $ruleset, tempo: $tempo, first: 20) {
    edges {
      node {
        rank
        user {
          username
        }
        rating {
          ordinal
          games
          provisional
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<LeaderboardQuery, LeaderboardQueryVariables>;
export const CreateDocument = new TypedDocumentString(`
    mutation Create($input: CreateMatchInput!) {
  createMatch(input: $input) {
    __typename
    ... on Match {
      ...MatchFields
    }
    ... on Rejection {
      code
      message
    }
  }
}
    fragment MatchFields on Match {
  id
  ruleset
  status
  ranked
  private
  players
  turnSeconds
  correspondenceHours
  options
  inviteCode
  mySeat
  stockCount
  discardCount
  round
  lastSeq
  roundResults {
    round
  }
  legalActions {
    phase
    onTurn
    canCommit
    drawSources
    riverTiles
    canPass
    discardable {
      code
    }
    canUndo
    canUpdateDraft
    canUpdateRackOrder
    canResign
    canReclaim
  }
  discardTop {
    code
  }
  river {
    code
  }
  drawnCards {
    code
  }
  turn {
    number
    seat
    phaseKind
    deadline
    draft {
      cards {
        code
        represents
      }
      kind
    }
  }
  myHand {
    code
  }
  table {
    cards {
      code
      represents
    }
    kind
    placedBy
  }
  seats {
    index
    username
    bot
    handCount
    opened
    score
    roundsWon
    resigned
    botPlaying
    controller
    takeoverReason
  }
  winners {
    index
  }
}`) as unknown as TypedDocumentString<CreateMutation, CreateMutationVariables>;
export const JoinDocument = new TypedDocumentString(`
    mutation Join($id: ID!, $inviteCode: String) {
  joinMatch(matchId: $id, inviteCode: $inviteCode) {
    __typename
    ... on Match {
      ...MatchFields
    }
    ... on Rejection {
      code
      message
    }
  }
}
    fragment MatchFields on Match {
  id
  ruleset
  status
  ranked
  private
  players
  turnSeconds
  correspondenceHours
  options
  inviteCode
  mySeat
  stockCount
  discardCount
  round
  lastSeq
  roundResults {
    round
  }
  legalActions {
    phase
    onTurn
    canCommit
    drawSources
    riverTiles
    canPass
    discardable {
      code
    }
    canUndo
    canUpdateDraft
    canUpdateRackOrder
    canResign
    canReclaim
  }
  discardTop {
    code
  }
  river {
    code
  }
  drawnCards {
    code
  }
  turn {
    number
    seat
    phaseKind
    deadline
    draft {
      cards {
        code
        represents
      }
      kind
    }
  }
  myHand {
    code
  }
  table {
    cards {
      code
      represents
    }
    kind
    placedBy
  }
  seats {
    index
    username
    bot
    handCount
    opened
    score
    roundsWon
    resigned
    botPlaying
    controller
    takeoverReason
  }
  winners {
    index
  }
}`) as unknown as TypedDocumentString<JoinMutation, JoinMutationVariables>;
export const AddBotDocument = new TypedDocumentString(`
    mutation AddBot($id: ID!, $level: BotLevel!) {
  addBot(matchId: $id, level: $level) {
    __typename
    ... on Match {
      ...MatchFields
    }
    ... on Rejection {
      code
      message
    }
  }
}
    fragment MatchFields on Match {
  id
  ruleset
  status
  ranked
  private
  players
  turnSeconds
  correspondenceHours
  options
  inviteCode
  mySeat
  stockCount
  discardCount
  round
  lastSeq
  roundResults {
    round
  }
  legalActions {
    phase
    onTurn
    canCommit
    drawSources
    riverTiles
    canPass
    discardable {
      code
    }
    canUndo
    canUpdateDraft
    canUpdateRackOrder
    canResign
    canReclaim
  }
  discardTop {
    code
  }
  river {
    code
  }
  drawnCards {
    code
  }
  turn {
    number
    seat
    phaseKind
    deadline
    draft {
      cards {
        code
        represents
      }
      kind
    }
  }
  myHand {
    code
  }
  table {
    cards {
      code
      represents
    }
    kind
    placedBy
  }
  seats {
    index
    username
    bot
    handCount
    opened
    score
    roundsWon
    resigned
    botPlaying
    controller
    takeoverReason
  }
  winners {
    index
  }
}`) as unknown as TypedDocumentString<AddBotMutation, AddBotMutationVariables>;
export const StartDocument = new TypedDocumentString(`
    mutation Start($id: ID!) {
  startMatch(matchId: $id) {
    __typename
    ... on Match {
      ...MatchFields
    }
    ... on Rejection {
      code
      message
    }
  }
}
    fragment MatchFields on Match {
  id
  ruleset
  status
  ranked
  private
  players
  turnSeconds
  correspondenceHours
  options
  inviteCode
  mySeat
  stockCount
  discardCount
  round
  lastSeq
  roundResults {
    round
  }
  legalActions {
    phase
    onTurn
    canCommit
    drawSources
    riverTiles
    canPass
    discardable {
      code
    }
    canUndo
    canUpdateDraft
    canUpdateRackOrder
    canResign
    canReclaim
  }
  discardTop {
    code
  }
  river {
    code
  }
  drawnCards {
    code
  }
  turn {
    number
    seat
    phaseKind
    deadline
    draft {
      cards {
        code
        represents
      }
      kind
    }
  }
  myHand {
    code
  }
  table {
    cards {
      code
      represents
    }
    kind
    placedBy
  }
  seats {
    index
    username
    bot
    handCount
    opened
    score
    roundsWon
    resigned
    botPlaying
    controller
    takeoverReason
  }
  winners {
    index
  }
}`) as unknown as TypedDocumentString<StartMutation, StartMutationVariables>;
export const EnqueueDocument = new TypedDocumentString(`
    mutation Enqueue($input: QueueInput!) {
  enqueue(input: $input) {
    __typename
    ... on QueueTicket {
      ruleset
    }
    ... on Rejection {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<EnqueueMutation, EnqueueMutationVariables>;
export const DequeueDocument = new TypedDocumentString(`
    mutation Dequeue {
  dequeue
}
    `) as unknown as TypedDocumentString<DequeueMutation, DequeueMutationVariables>;
export const MatchDocument = new TypedDocumentString(`
    query Match($id: ID!) {
  match(id: $id) {
    ...MatchFields
  }
}
    fragment MatchFields on Match {
  id
  ruleset
  status
  ranked
  private
  players
  turnSeconds
  correspondenceHours
  options
  inviteCode
  mySeat
  stockCount
  discardCount
  round
  lastSeq
  roundResults {
    round
  }
  legalActions {
    phase
    onTurn
    canCommit
    drawSources
    riverTiles
    canPass
    discardable {
      code
    }
    canUndo
    canUpdateDraft
    canUpdateRackOrder
    canResign
    canReclaim
  }
  discardTop {
    code
  }
  river {
    code
  }
  drawnCards {
    code
  }
  turn {
    number
    seat
    phaseKind
    deadline
    draft {
      cards {
        code
        represents
      }
      kind
    }
  }
  myHand {
    code
  }
  table {
    cards {
      code
      represents
    }
    kind
    placedBy
  }
  seats {
    index
    username
    bot
    handCount
    opened
    score
    roundsWon
    resigned
    botPlaying
    controller
    takeoverReason
  }
  winners {
    index
  }
}`) as unknown as TypedDocumentString<MatchQuery, MatchQueryVariables>;
export const InvitationDocument = new TypedDocumentString(`
    query Invitation($id: ID!, $code: String!) {
  invitation(matchId: $id, inviteCode: $code) {
    ...MatchFields
  }
}
    fragment MatchFields on Match {
  id
  ruleset
  status
  ranked
  private
  players
  turnSeconds
  correspondenceHours
  options
  inviteCode
  mySeat
  stockCount
  discardCount
  round
  lastSeq
  roundResults {
    round
  }
  legalActions {
    phase
    onTurn
    canCommit
    drawSources
    riverTiles
    canPass
    discardable {
      code
    }
    canUndo
    canUpdateDraft
    canUpdateRackOrder
    canResign
    canReclaim
  }
  discardTop {
    code
  }
  river {
    code
  }
  drawnCards {
    code
  }
  turn {
    number
    seat
    phaseKind
    deadline
    draft {
      cards {
        code
        represents
      }
      kind
    }
  }
  myHand {
    code
  }
  table {
    cards {
      code
      represents
    }
    kind
    placedBy
  }
  seats {
    index
    username
    bot
    handCount
    opened
    score
    roundsWon
    resigned
    botPlaying
    controller
    takeoverReason
  }
  winners {
    index
  }
}`) as unknown as TypedDocumentString<InvitationQuery, InvitationQueryVariables>;
export const DraftDocument = new TypedDocumentString(`
    mutation Draft($id: ID!, $turn: Int!, $table: [[String!]!]!) {
  updateDraft(matchId: $id, turn: $turn, table: $table) {
    __typename
    ... on Rejection {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<DraftMutation, DraftMutationVariables>;
export const CommitDocument = new TypedDocumentString(`
    mutation Commit($id: ID!, $turn: Int!, $table: [[String!]!]!, $key: String) {
  commitTurn(matchId: $id, turn: $turn, table: $table, idempotencyKey: $key) {
    __typename
    ... on Match {
      ...MatchFields
    }
    ... on Rejection {
      code
      message
      reason
      meldIndex
      missingCards {
        code
      }
      points
      pointsNeeded
    }
  }
}
    fragment MatchFields on Match {
  id
  ruleset
  status
  ranked
  private
  players
  turnSeconds
  correspondenceHours
  options
  inviteCode
  mySeat
  stockCount
  discardCount
  round
  lastSeq
  roundResults {
    round
  }
  legalActions {
    phase
    onTurn
    canCommit
    drawSources
    riverTiles
    canPass
    discardable {
      code
    }
    canUndo
    canUpdateDraft
    canUpdateRackOrder
    canResign
    canReclaim
  }
  discardTop {
    code
  }
  river {
    code
  }
  drawnCards {
    code
  }
  turn {
    number
    seat
    phaseKind
    deadline
    draft {
      cards {
        code
        represents
      }
      kind
    }
  }
  myHand {
    code
  }
  table {
    cards {
      code
      represents
    }
    kind
    placedBy
  }
  seats {
    index
    username
    bot
    handCount
    opened
    score
    roundsWon
    resigned
    botPlaying
    controller
    takeoverReason
  }
  winners {
    index
  }
}`) as unknown as TypedDocumentString<CommitMutation, CommitMutationVariables>;
export const DrawDocument = new TypedDocumentString(`
    mutation Draw($id: ID!, $turn: Int!, $source: DrawSource!, $key: String) {
  draw(matchId: $id, turn: $turn, source: $source, idempotencyKey: $key) {
    __typename
    ... on Match {
      ...MatchFields
    }
    ... on Rejection {
      code
      message
    }
  }
}
    fragment MatchFields on Match {
  id
  ruleset
  status
  ranked
  private
  players
  turnSeconds
  correspondenceHours
  options
  inviteCode
  mySeat
  stockCount
  discardCount
  round
  lastSeq
  roundResults {
    round
  }
  legalActions {
    phase
    onTurn
    canCommit
    drawSources
    riverTiles
    canPass
    discardable {
      code
    }
    canUndo
    canUpdateDraft
    canUpdateRackOrder
    canResign
    canReclaim
  }
  discardTop {
    code
  }
  river {
    code
  }
  drawnCards {
    code
  }
  turn {
    number
    seat
    phaseKind
    deadline
    draft {
      cards {
        code
        represents
      }
      kind
    }
  }
  myHand {
    code
  }
  table {
    cards {
      code
      represents
    }
    kind
    placedBy
  }
  seats {
    index
    username
    bot
    handCount
    opened
    score
    roundsWon
    resigned
    botPlaying
    controller
    takeoverReason
  }
  winners {
    index
  }
}`) as unknown as TypedDocumentString<DrawMutation, DrawMutationVariables>;
export const DiscardDocument = new TypedDocumentString(`
    mutation Discard($id: ID!, $turn: Int!, $card: String!, $key: String) {
  discard(matchId: $id, turn: $turn, card: $card, idempotencyKey: $key) {
    __typename
    ... on Match {
      ...MatchFields
    }
    ... on Rejection {
      code
      message
    }
  }
}
    fragment MatchFields on Match {
  id
  ruleset
  status
  ranked
  private
  players
  turnSeconds
  correspondenceHours
  options
  inviteCode
  mySeat
  stockCount
  discardCount
  round
  lastSeq
  roundResults {
    round
  }
  legalActions {
    phase
    onTurn
    canCommit
    drawSources
    riverTiles
    canPass
    discardable {
      code
    }
    canUndo
    canUpdateDraft
    canUpdateRackOrder
    canResign
    canReclaim
  }
  discardTop {
    code
  }
  river {
    code
  }
  drawnCards {
    code
  }
  turn {
    number
    seat
    phaseKind
    deadline
    draft {
      cards {
        code
        represents
      }
      kind
    }
  }
  myHand {
    code
  }
  table {
    cards {
      code
      represents
    }
    kind
    placedBy
  }
  seats {
    index
    username
    bot
    handCount
    opened
    score
    roundsWon
    resigned
    botPlaying
    controller
    takeoverReason
  }
  winners {
    index
  }
}`) as unknown as TypedDocumentString<DiscardMutation, DiscardMutationVariables>;
export const PassDocument = new TypedDocumentString(`
    mutation Pass($id: ID!, $turn: Int!, $key: String) {
  passTurn(matchId: $id, turn: $turn, idempotencyKey: $key) {
    __typename
    ... on Match {
      ...MatchFields
    }
    ... on Rejection {
      code
      message
    }
  }
}
    fragment MatchFields on Match {
  id
  ruleset
  status
  ranked
  private
  players
  turnSeconds
  correspondenceHours
  options
  inviteCode
  mySeat
  stockCount
  discardCount
  round
  lastSeq
  roundResults {
    round
  }
  legalActions {
    phase
    onTurn
    canCommit
    drawSources
    riverTiles
    canPass
    discardable {
      code
    }
    canUndo
    canUpdateDraft
    canUpdateRackOrder
    canResign
    canReclaim
  }
  discardTop {
    code
  }
  river {
    code
  }
  drawnCards {
    code
  }
  turn {
    number
    seat
    phaseKind
    deadline
    draft {
      cards {
        code
        represents
      }
      kind
    }
  }
  myHand {
    code
  }
  table {
    cards {
      code
      represents
    }
    kind
    placedBy
  }
  seats {
    index
    username
    bot
    handCount
    opened
    score
    roundsWon
    resigned
    botPlaying
    controller
    takeoverReason
  }
  winners {
    index
  }
}`) as unknown as TypedDocumentString<PassMutation, PassMutationVariables>;
export const SetRackOrderDocument = new TypedDocumentString(`
    mutation SetRackOrder($id: ID!, $cards: [String!]!) {
  setRackOrder(matchId: $id, cards: $cards) {
    __typename
    ... on Match {
      ...MatchFields
    }
    ... on Rejection {
      code
      message
    }
  }
}
    fragment MatchFields on Match {
  id
  ruleset
  status
  ranked
  private
  players
  turnSeconds
  correspondenceHours
  options
  inviteCode
  mySeat
  stockCount
  discardCount
  round
  lastSeq
  roundResults {
    round
  }
  legalActions {
    phase
    onTurn
    canCommit
    drawSources
    riverTiles
    canPass
    discardable {
      code
    }
    canUndo
    canUpdateDraft
    canUpdateRackOrder
    canResign
    canReclaim
  }
  discardTop {
    code
  }
  river {
    code
  }
  drawnCards {
    code
  }
  turn {
    number
    seat
    phaseKind
    deadline
    draft {
      cards {
        code
        represents
      }
      kind
    }
  }
  myHand {
    code
  }
  table {
    cards {
      code
      represents
    }
    kind
    placedBy
  }
  seats {
    index
    username
    bot
    handCount
    opened
    score
    roundsWon
    resigned
    botPlaying
    controller
    takeoverReason
  }
  winners {
    index
  }
}`) as unknown as TypedDocumentString<SetRackOrderMutation, SetRackOrderMutationVariables>;
export const UndoDocument = new TypedDocumentString(`
    mutation Undo($id: ID!, $turn: Int!) {
  undo(matchId: $id, turn: $turn) {
    __typename
    ... on Match {
      ...MatchFields
    }
    ... on Rejection {
      code
      message
    }
  }
}
    fragment MatchFields on Match {
  id
  ruleset
  status
  ranked
  private
  players
  turnSeconds
  correspondenceHours
  options
  inviteCode
  mySeat
  stockCount
  discardCount
  round
  lastSeq
  roundResults {
    round
  }
  legalActions {
    phase
    onTurn
    canCommit
    drawSources
    riverTiles
    canPass
    discardable {
      code
    }
    canUndo
    canUpdateDraft
    canUpdateRackOrder
    canResign
    canReclaim
  }
  discardTop {
    code
  }
  river {
    code
  }
  drawnCards {
    code
  }
  turn {
    number
    seat
    phaseKind
    deadline
    draft {
      cards {
        code
        represents
      }
      kind
    }
  }
  myHand {
    code
  }
  table {
    cards {
      code
      represents
    }
    kind
    placedBy
  }
  seats {
    index
    username
    bot
    handCount
    opened
    score
    roundsWon
    resigned
    botPlaying
    controller
    takeoverReason
  }
  winners {
    index
  }
}`) as unknown as TypedDocumentString<UndoMutation, UndoMutationVariables>;
export const CheckDocument = new TypedDocumentString(`
    query Check($ruleset: String!, $melds: [[String!]!]!, $options: JSON) {
  checkMelds(ruleset: $ruleset, melds: $melds, options: $options) {
    valid
    kind
    code
    reason
    message
    meldIndex
    missingCards {
      code
    }
    cards {
      code
      represents
    }
  }
}
    `) as unknown as TypedDocumentString<CheckQuery, CheckQueryVariables>;
export const FitsDocument = new TypedDocumentString(`
    query Fits($id: ID!, $card: String!) {
  fits(matchId: $id, card: $card)
}
    `) as unknown as TypedDocumentString<FitsQuery, FitsQueryVariables>;
export const HintDocument = new TypedDocumentString(`
    query Hint($id: ID!) {
  hintPlay(matchId: $id) {
    __typename
    ... on Play {
      table {
        cards {
          code
          represents
        }
      }
      played {
        code
      }
      cards
      points
    }
    ... on Rejection {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<HintQuery, HintQueryVariables>;
export const EventsDocument = new TypedDocumentString(`
    subscription Events($id: ID!, $after: Int) {
  matchEvents(matchId: $id, after: $after) {
    ...EventFields
  }
}
    fragment EventFields on MatchEvent {
  __typename
  seq
  type
  kind
  at
  after {
    turn
    onTurn
    phase
    deadline
    stockCount
    discardCount
    discardTop {
      code
    }
    river {
      code
    }
    seats {
      index
      handCount
      opened
      score
    }
    table {
      cards {
        code
        represents
      }
      kind
      placedBy
    }
    draft {
      cards {
        code
        represents
      }
      kind
    }
  }
  myHand {
    code
  }
  ... on RoundStarted {
    round
    dealer
    participants
    extra
  }
  ... on TurnStarted {
    seat
    turn
    round
    phase
    deadline
  }
  ... on DraftUpdated {
    seat
    draft {
      cards {
        code
        represents
      }
      kind
    }
  }
  ... on MoveUndone {
    seat
    undoneStep: undone
    table {
      cards {
        code
        represents
      }
      kind
      placedBy
    }
    handCount
  }
  ... on TurnCommitted {
    seat
    turn
    played {
      code
    }
    jokersToHand
    opening
    handCount
    jokerSwaps {
      joker {
        code
        represents
      }
      card {
        code
      }
    }
    table {
      cards {
        code
        represents
      }
      kind
      placedBy
    }
  }
  ... on CardDrawn {
    seat
    source
    count
    penalty
    cards {
      code
    }
    card {
      code
    }
    key {
      code
    }
    booty {
      code
    }
  }
  ... on CardDiscarded {
    seat
    discarded: card {
      code
    }
    to
  }
  ... on TurnPassed {
    seat
  }
  ... on TurnExpired {
    seat
    turn
    undone
    penalty
  }
  ... on SeatChanged {
    seat
    change
    reason
    bot
    username
  }
  ... on RoundEnded {
    result {
      round
      termination
      winners
      wentOut
      rummy
      hands {
        code
      }
      scores
      totals
    }
  }
  ... on MatchEnded {
    outcome {
      termination
      winners
      totals
    }
  }
  ... on MatchAborted {
    abortReason: reason
    reasonCode
  }
}`) as unknown as TypedDocumentString<EventsSubscription, EventsSubscriptionVariables>;
export const ReplayDocument = new TypedDocumentString(`
    query Replay($id: ID!) {
  replay(matchId: $id) {
    matchId
    ruleset
    options
    winners
    seats {
      index
      username
      bot
    }
    events {
      seq
      event {
        ...EventFields
      }
      hands {
        code
      }
    }
  }
}
    fragment EventFields on MatchEvent {
  __typename
  seq
  type
  kind
  at
  after {
    turn
    onTurn
    phase
    deadline
    stockCount
    discardCount
    discardTop {
      code
    }
    river {
      code
    }
    seats {
      index
      handCount
      opened
      score
    }
    table {
      cards {
        code
        represents
      }
      kind
      placedBy
    }
    draft {
      cards {
        code
        represents
      }
      kind
    }
  }
  myHand {
    code
  }
  ... on RoundStarted {
    round
    dealer
    participants
    extra
  }
  ... on TurnStarted {
    seat
    turn
    round
    phase
    deadline
  }
  ... on DraftUpdated {
    seat
    draft {
      cards {
        code
        represents
      }
      kind
    }
  }
  ... on MoveUndone {
    seat
    undoneStep: undone
    table {
      cards {
        code
        represents
      }
      kind
      placedBy
    }
    handCount
  }
  ... on TurnCommitted {
    seat
    turn
    played {
      code
    }
    jokersToHand
    opening
    handCount
    jokerSwaps {
      joker {
        code
        represents
      }
      card {
        code
      }
    }
    table {
      cards {
        code
        represents
      }
      kind
      placedBy
    }
  }
  ... on CardDrawn {
    seat
    source
    count
    penalty
    cards {
      code
    }
    card {
      code
    }
    key {
      code
    }
    booty {
      code
    }
  }
  ... on CardDiscarded {
    seat
    discarded: card {
      code
    }
    to
  }
  ... on TurnPassed {
    seat
  }
  ... on TurnExpired {
    seat
    turn
    undone
    penalty
  }
  ... on SeatChanged {
    seat
    change
    reason
    bot
    username
  }
  ... on RoundEnded {
    result {
      round
      termination
      winners
      wentOut
      rummy
      hands {
        code
      }
      scores
      totals
    }
  }
  ... on MatchEnded {
    outcome {
      termination
      winners
      totals
    }
  }
  ... on MatchAborted {
    abortReason: reason
    reasonCode
  }
}`) as unknown as TypedDocumentString<ReplayQuery, ReplayQueryVariables>;
export const ResignDocument = new TypedDocumentString(`
    mutation Resign($id: ID!) {
  resign(matchId: $id) {
    __typename
    ... on Match {
      ...MatchFields
    }
    ... on Rejection {
      code
      message
    }
  }
}
    fragment MatchFields on Match {
  id
  ruleset
  status
  ranked
  private
  players
  turnSeconds
  correspondenceHours
  options
  inviteCode
  mySeat
  stockCount
  discardCount
  round
  lastSeq
  roundResults {
    round
  }
  legalActions {
    phase
    onTurn
    canCommit
    drawSources
    riverTiles
    canPass
    discardable {
      code
    }
    canUndo
    canUpdateDraft
    canUpdateRackOrder
    canResign
    canReclaim
  }
  discardTop {
    code
  }
  river {
    code
  }
  drawnCards {
    code
  }
  turn {
    number
    seat
    phaseKind
    deadline
    draft {
      cards {
        code
        represents
      }
      kind
    }
  }
  myHand {
    code
  }
  table {
    cards {
      code
      represents
    }
    kind
    placedBy
  }
  seats {
    index
    username
    bot
    handCount
    opened
    score
    roundsWon
    resigned
    botPlaying
    controller
    takeoverReason
  }
  winners {
    index
  }
}`) as unknown as TypedDocumentString<ResignMutation, ResignMutationVariables>;
export const ReclaimDocument = new TypedDocumentString(`
    mutation Reclaim($id: ID!) {
  reclaimSeat(matchId: $id) {
    __typename
    ... on Match {
      ...MatchFields
    }
    ... on Rejection {
      code
      message
    }
  }
}
    fragment MatchFields on Match {
  id
  ruleset
  status
  ranked
  private
  players
  turnSeconds
  correspondenceHours
  options
  inviteCode
  mySeat
  stockCount
  discardCount
  round
  lastSeq
  roundResults {
    round
  }
  legalActions {
    phase
    onTurn
    canCommit
    drawSources
    riverTiles
    canPass
    discardable {
      code
    }
    canUndo
    canUpdateDraft
    canUpdateRackOrder
    canResign
    canReclaim
  }
  discardTop {
    code
  }
  river {
    code
  }
  drawnCards {
    code
  }
  turn {
    number
    seat
    phaseKind
    deadline
    draft {
      cards {
        code
        represents
      }
      kind
    }
  }
  myHand {
    code
  }
  table {
    cards {
      code
      represents
    }
    kind
    placedBy
  }
  seats {
    index
    username
    bot
    handCount
    opened
    score
    roundsWon
    resigned
    botPlaying
    controller
    takeoverReason
  }
  winners {
    index
  }
}`) as unknown as TypedDocumentString<ReclaimMutation, ReclaimMutationVariables>;
export const PlayerRatingsDocument = new TypedDocumentString(`
    query PlayerRatings($username: String!) {
  player(username: $username) {
    username
    ratings {
      ruleset
      tempo
      ordinal
      games
      provisional
    }
  }
}
    `) as unknown as TypedDocumentString<PlayerRatingsQuery, PlayerRatingsQueryVariables>;
export const MyEventsDocument = new TypedDocumentString(`
    subscription MyEvents {
  myEvents {
    __typename
    type
    matchId
    ... on RatingChanged {
      ruleset
      tempo
      rank
      before {
        ordinal
      }
      after {
        ordinal
        provisional
      }
    }
  }
}
    `) as unknown as TypedDocumentString<MyEventsSubscription, MyEventsSubscriptionVariables>;
export const VapidPublicKeyDocument = new TypedDocumentString(`
    query VapidPublicKey {
  vapidPublicKey
}
    `) as unknown as TypedDocumentString<VapidPublicKeyQuery, VapidPublicKeyQueryVariables>;
export const AddPushDeviceDocument = new TypedDocumentString(`
    mutation AddPushDevice($input: PushDeviceInput!) {
  addPushDevice(input: $input) {
    __typename
    ... on PushDevice {
      id
    }
    ... on Rejection {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<AddPushDeviceMutation, AddPushDeviceMutationVariables>;
export const RemovePushDeviceDocument = new TypedDocumentString(`
    mutation RemovePushDevice($id: ID!) {
  removePushDevice(id: $id)
}
    `) as unknown as TypedDocumentString<RemovePushDeviceMutation, RemovePushDeviceMutationVariables>;
export const NotificationSettingsDocument = new TypedDocumentString(`
    query NotificationSettings {
  me {
    id
    notificationSettings {
      ...NotificationSettingsFields
    }
  }
}
    fragment NotificationSettingsFields on NotificationSettings {
  kinds {
    kind
    push
    email
  }
  quietHours {
    start
    end
  }
  timeZone
  whileWatching
  digest
  language
}`) as unknown as TypedDocumentString<NotificationSettingsQuery, NotificationSettingsQueryVariables>;
export const SetNotificationSettingsDocument = new TypedDocumentString(`
    mutation SetNotificationSettings($input: NotificationSettingsInput!) {
  setNotificationSettings(input: $input) {
    __typename
    ... on NotificationSettings {
      ...NotificationSettingsFields
    }
    ... on Rejection {
      code
      message
    }
  }
}
    fragment NotificationSettingsFields on NotificationSettings {
  kinds {
    kind
    push
    email
  }
  quietHours {
    start
    end
  }
  timeZone
  whileWatching
  digest
  language
}`) as unknown as TypedDocumentString<SetNotificationSettingsMutation, SetNotificationSettingsMutationVariables>;
export const TournamentsDocument = new TypedDocumentString(`
    query Tournaments($status: TournamentStatus) {
  tournaments(status: $status, first: 50) {
    edges {
      node {
        id
        name
        ruleset
        status
        tableSize
        roundCount
        currentRound
        startsAt
        playerCount
        registered
        turnSeconds
        correspondenceDays
        rated
      }
    }
  }
}
    `) as unknown as TypedDocumentString<TournamentsQuery, TournamentsQueryVariables>;
export const TournamentDocument = new TypedDocumentString(`
    query Tournament($id: ID!) {
  tournament(id: $id) {
    id
    name
    description
    ruleset
    status
    tableSize
    roundCount
    currentRound
    startsAt
    minPlayers
    maxPlayers
    playerCount
    registered
    turnSeconds
    correspondenceDays
    roundMinutes
    rated
    cancelReason
    placePoints {
      tableSize
      points
    }
    standings {
      rank
      user {
        id
        username
      }
      points
      tiebreak
      played
      byes
      forfeits
      withdrawn
    }
    rounds {
      number
      deadline
      endedAt
      byes {
        username
      }
      tables {
        index
        matchId
        adjudicated
        players {
          username
        }
        results {
          user {
            username
          }
          place
          points
          forfeit
        }
      }
    }
    myTable {
      matchId
    }
  }
}
    `) as unknown as TypedDocumentString<TournamentQuery, TournamentQueryVariables>;
export const JoinTournamentDocument = new TypedDocumentString(`
    mutation JoinTournament($id: ID!) {
  joinTournament(id: $id) {
    __typename
    ... on Tournament {
      id
      registered
    }
    ... on Rejection {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<JoinTournamentMutation, JoinTournamentMutationVariables>;
export const LeaveTournamentDocument = new TypedDocumentString(`
    mutation LeaveTournament($id: ID!) {
  leaveTournament(id: $id) {
    __typename
    ... on Tournament {
      id
      registered
    }
    ... on Rejection {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<LeaveTournamentMutation, LeaveTournamentMutationVariables>;
export const TournamentEventsDocument = new TypedDocumentString(`
    subscription TournamentEvents($id: ID!, $after: Int) {
  tournamentEvents(id: $id, after: $after) {
    seq
    type
  }
}
    `) as unknown as TypedDocumentString<TournamentEventsSubscription, TournamentEventsSubscriptionVariables>;
export const ChatDocument = new TypedDocumentString(`
    query Chat($id: ID!) {
  chat(matchId: $id) {
    lastSeq
    state {
      room
      quickOnly
      freeChat
      freeChatPlayers
      players
      mutedAll
      muted
      timedOutUntil
      maxLength
    }
    events {
      __typename
      seq
      type
      room
      at
      ... on ChatMessage {
        userId
        username
        text
        quick
        hidden
      }
      ... on ChatLineHidden {
        hiddenSeq
      }
      ... on FreeChatChanged {
        username
        on
        freeChatPlayers
        players
      }
    }
  }
}
    `) as unknown as TypedDocumentString<ChatQuery, ChatQueryVariables>;
export const MatchChatDocument = new TypedDocumentString(`
    subscription MatchChat($id: ID!, $after: Int) {
  matchChat(matchId: $id, after: $after) {
    __typename
    seq
    type
    room
    at
    ... on ChatMessage {
      userId
      username
      text
      quick
      hidden
    }
    ... on ChatLineHidden {
      hiddenSeq
    }
    ... on FreeChatChanged {
      username
      on
      freeChatPlayers
      players
    }
  }
}
    `) as unknown as TypedDocumentString<MatchChatSubscription, MatchChatSubscriptionVariables>;
export const SendChatDocument = new TypedDocumentString(`
    mutation SendChat($id: ID!, $text: String, $quick: QuickMessage) {
  sendChat(matchId: $id, text: $text, quick: $quick) {
    __typename
    ... on ChatMessage {
      seq
    }
    ... on Rejection {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<SendChatMutation, SendChatMutationVariables>;
export const SetFreeChatDocument = new TypedDocumentString(`
    mutation SetFreeChat($id: ID!, $on: Boolean!) {
  setFreeChat(matchId: $id, on: $on) {
    __typename
    ... on ChatState {
      quickOnly
      freeChat
      freeChatPlayers
      players
    }
    ... on Rejection {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<SetFreeChatMutation, SetFreeChatMutationVariables>;
export const MuteChatDocument = new TypedDocumentString(`
    mutation MuteChat($id: ID!, $username: String, $muted: Boolean!) {
  muteChat(matchId: $id, username: $username, muted: $muted) {
    mutedAll
    muted
  }
}
    `) as unknown as TypedDocumentString<MuteChatMutation, MuteChatMutationVariables>;
export const ReportLineDocument = new TypedDocumentString(`
    mutation ReportLine($username: String!, $id: ID!, $lines: [Int!]) {
  reportPlayer(username: $username, matchId: $id, reason: ABUSE, lines: $lines)
}
    `) as unknown as TypedDocumentString<ReportLineMutation, ReportLineMutationVariables>;
export const ReplayChatDocument = new TypedDocumentString(`
    query ReplayChat($id: ID!) {
  replay(matchId: $id) {
    chat {
      seq
      room
      username
      text
      quick
    }
  }
}
    `) as unknown as TypedDocumentString<ReplayChatQuery, ReplayChatQueryVariables>;
export const FriendsDocument = new TypedDocumentString(`
    query Friends {
  me {
    id
    blocked {
      username
    }
    following {
      user {
        username
      }
      online
      lastSeenAt
      playing {
        id
        ruleset
        players
      }
    }
  }
  myChallenges {
    id
    status
    ruleset
    ranked
    turnSeconds
    correspondenceHours
    expiresAt
    challenger {
      username
    }
    challenged {
      username
    }
  }
}
    `) as unknown as TypedDocumentString<FriendsQuery, FriendsQueryVariables>;
export const FollowDocument = new TypedDocumentString(`
    mutation Follow($username: String!) {
  followUser(username: $username) {
    __typename
    ... on Rejection {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<FollowMutation, FollowMutationVariables>;
export const UnfollowDocument = new TypedDocumentString(`
    mutation Unfollow($username: String!) {
  unfollowUser(username: $username) {
    __typename
    ... on Rejection {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<UnfollowMutation, UnfollowMutationVariables>;
export const BlockDocument = new TypedDocumentString(`
    mutation Block($username: String!) {
  blockUser(username: $username) {
    __typename
    ... on Rejection {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<BlockMutation, BlockMutationVariables>;
export const UnblockDocument = new TypedDocumentString(`
    mutation Unblock($username: String!) {
  unblockUser(username: $username) {
    __typename
    ... on Rejection {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<UnblockMutation, UnblockMutationVariables>;
export const ChallengeDocument = new TypedDocumentString(`
    mutation Challenge($username: String!, $ruleset: String!, $turnSeconds: Int, $correspondenceHours: Int, $ranked: Boolean!) {
  challenge(
    username: $username
    ruleset: $ruleset
    turnSeconds: $turnSeconds
    correspondenceHours: $correspondenceHours
    ranked: $ranked
  ) {
    __typename
    ... on Challenge {
      id
      status
    }
    ... on Rejection {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<ChallengeMutation, ChallengeMutationVariables>;
export const AcceptChallengeDocument = new TypedDocumentString(`
    mutation AcceptChallenge($id: ID!) {
  acceptChallenge(id: $id) {
    __typename
    ... on Challenge {
      id
      status
      matchId
    }
    ... on Rejection {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<AcceptChallengeMutation, AcceptChallengeMutationVariables>;
export const DeclineChallengeDocument = new TypedDocumentString(`
    mutation DeclineChallenge($id: ID!) {
  declineChallenge(id: $id) {
    __typename
    ... on Challenge {
      id
      status
    }
    ... on Rejection {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<DeclineChallengeMutation, DeclineChallengeMutationVariables>;
export const CancelChallengeDocument = new TypedDocumentString(`
    mutation CancelChallenge($id: ID!) {
  cancelChallenge(id: $id) {
    __typename
    ... on Challenge {
      id
      status
    }
    ... on Rejection {
      code
      message
    }
  }
}
    `) as unknown as TypedDocumentString<CancelChallengeMutation, CancelChallengeMutationVariables>;
export const SocialEventsDocument = new TypedDocumentString(`
    subscription SocialEvents {
  myEvents {
    __typename
    type
    kind
    matchId
    ... on ChallengeNotice {
      challenge {
        id
        status
        ruleset
        ranked
        turnSeconds
        correspondenceHours
        matchId
        challenger {
          username
        }
        challenged {
          username
        }
      }
    }
    ... on TournamentNotice {
      tournamentId
      round
      bye
      place
      points
      reason
    }
  }
}
    `) as unknown as TypedDocumentString<SocialEventsSubscription, SocialEventsSubscriptionVariables>;