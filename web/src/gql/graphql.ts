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

/** What a notice is about: YOUR_TURN (a short delay after the turn starts, only while you are away from the match), TURN_REMINDER (80% of a correspondence turn gone), LAST_CHANCE (before a deadline that would hand your seat to a bot; never held by quiet hours), MATCH_STARTED, MATCH_ENDED, SEAT_TAKEN_OVER, INVITED. */
export type NotificationKind =
  | 'INVITED'
  | 'LAST_CHANCE'
  | 'MATCH_ENDED'
  | 'MATCH_STARTED'
  | 'SEAT_TAKEN_OVER'
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
  | 'DISCARD_PILE_EMPTY'
  | 'DISCARD_TAKEN_CARD'
  | 'HINT_NOT_ALLOWED'
  | 'INVALID_MELD'
  | 'JOKER_SWAP_INVALID'
  | 'KEY_TILE_NOT_PLAYED'
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
  | 'STALE_TURN'
  | 'STOCK_EMPTY'
  | 'STOCK_NOT_EMPTY'
  | 'TABLE_CARD_MISSING'
  | 'TOO_MANY_COPIES'
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

/** The phase of a turn (RULES.md): what the seat on turn does next. */
export type TurnPhase =
  | 'DISCARD'
  | 'DRAW'
  | 'KEY'
  | 'MELD'
  | 'OVER'
  | 'PLAY';

/** A browser's PushSubscription (its toJSON()). */
export type WebPushSubscriptionInput = {
  /** keys.auth, URL-safe base64 */
  auth: string;
  endpoint: string;
  /** keys.p256dh, URL-safe base64 */
  p256dh: string;
};

export type MatchFieldsFragment = { id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, outcome: any, rounds: any, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> };

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
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, outcome: any, rounds: any, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type JoinMutationVariables = Exact<{
  id: string | number;
  inviteCode?: string | null | undefined;
}>;


export type JoinMutation = { joinMatch:
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, outcome: any, rounds: any, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type AddBotMutationVariables = Exact<{
  id: string | number;
  level: BotLevel;
}>;


export type AddBotMutation = { addBot:
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, outcome: any, rounds: any, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type StartMutationVariables = Exact<{
  id: string | number;
}>;


export type StartMutation = { startMatch:
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, outcome: any, rounds: any, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
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


export type MatchQuery = { match: { id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, outcome: any, rounds: any, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> } | null };

export type InvitationQueryVariables = Exact<{
  id: string | number;
  code: string;
}>;


export type InvitationQuery = { invitation: { id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, outcome: any, rounds: any, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> } | null };

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
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, outcome: any, rounds: any, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string, reason: string | null, meldIndex: number | null, missingCards: Array<{ code: string }> | null }
   };

export type DrawMutationVariables = Exact<{
  id: string | number;
  turn: number;
  source: DrawSource;
  key?: string | null | undefined;
}>;


export type DrawMutation = { draw:
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, outcome: any, rounds: any, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type DiscardMutationVariables = Exact<{
  id: string | number;
  turn: number;
  card: string;
  key?: string | null | undefined;
}>;


export type DiscardMutation = { discard:
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, outcome: any, rounds: any, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type PassMutationVariables = Exact<{
  id: string | number;
  turn: number;
  key?: string | null | undefined;
}>;


export type PassMutation = { passTurn:
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, outcome: any, rounds: any, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type SetRackOrderMutationVariables = Exact<{
  id: string | number;
  cards: Array<string> | string;
}>;


export type SetRackOrderMutation = { setRackOrder:
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, outcome: any, rounds: any, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type UndoMutationVariables = Exact<{
  id: string | number;
  turn: number;
}>;


export type UndoMutation = { undo:
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, outcome: any, rounds: any, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
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
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, outcome: any, rounds: any, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type ReclaimMutationVariables = Exact<{
  id: string | number;
}>;


export type ReclaimMutation = { reclaimSeat:
    | { __typename: 'Match', id: string, ruleset: string, status: MatchStatus, ranked: boolean, private: boolean, players: number, turnSeconds: number | null, correspondenceHours: number | null, options: any, inviteCode: string | null, mySeat: number | null, stockCount: number, discardCount: number, round: number, lastSeq: number, outcome: any, rounds: any, legalActions: { phase: TurnPhase, onTurn: boolean, canCommit: boolean, drawSources: Array<DrawSource>, riverTiles: number, canPass: boolean, canUndo: boolean, canUpdateDraft: boolean, canUpdateRackOrder: boolean, canResign: boolean, canReclaim: boolean, discardable: Array<{ code: string }> }, discardTop: { code: string } | null, river: Array<{ code: string }>, drawnCards: Array<{ code: string }> | null, turn: { number: number, seat: number, phaseKind: TurnPhase, deadline: string | null, draft: Array<{ kind: MeldKind, cards: Array<{ code: string, represents: string | null }> }> | null } | null, myHand: Array<{ code: string }> | null, table: Array<{ kind: MeldKind, placedBy: Array<number> | null, cards: Array<{ code: string, represents: string | null }> }>, seats: Array<{ index: number, username: string | null, bot: BotLevel | null, handCount: number, opened: boolean, score: number, roundsWon: number, resigned: boolean, botPlaying: boolean, controller: SeatController | null, takeoverReason: TakeoverReason | null }>, winners: Array<{ index: number }> }
    | { __typename: 'Rejection', code: RejectionCode, message: string }
   };

export type PlayerRatingsQueryVariables = Exact<{
  username: string;
}>;


export type PlayerRatingsQuery = { player: { username: string, ratings: Array<{ ruleset: string, tempo: Tempo, ordinal: number, games: number, provisional: boolean }> } | null };

export type MyEventsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type MyEventsSubscription = { myEvents:
    | { __typename: 'MatchAbortedNotice', type: string, matchId: string | null }
    | { __typename: 'MatchEndedNotice', type: string, matchId: string | null }
    | { __typename: 'MatchStartedNotice', type: string, matchId: string | null }
    | { __typename: 'OtherNotice', type: string, matchId: string | null }
    | { __typename: 'RatingChanged', ruleset: string, tempo: string, rank: number | null, type: string, matchId: string | null, before: { ordinal: number } | null, after: { ordinal: number, provisional: boolean | null } | null }
    | { __typename: 'SeatTakenOver', type: string, matchId: string | null }
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
  outcome
  rounds
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
  outcome
  rounds
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
  outcome
  rounds
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
  outcome
  rounds
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
  outcome
  rounds
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
  outcome
  rounds
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
  outcome
  rounds
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
  outcome
  rounds
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
  outcome
  rounds
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
  outcome
  rounds
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
  outcome
  rounds
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
  outcome
  rounds
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
  outcome
  rounds
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
  outcome
  rounds
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
  outcome
  rounds
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