// Every operation the client sends; `npm run codegen` types them from schema.graphql.
import { graphql } from "./gql";

export const MATCH_FIELDS = graphql(`
  fragment MatchFields on Match {
    id ruleset status ranked private players turnSeconds correspondenceHours options
    inviteCode mySeat stockCount discardCount round lastSeq roundResults { round }
    legalActions { phase onTurn canCommit drawSources riverTiles canPass discardable { code } canUndo canUpdateDraft canUpdateRackOrder canResign canReclaim }
    discardTop { code }
    river { code }
    drawnCards { code }
    turn { number seat phaseKind deadline draft { cards { code represents } kind } }
    myHand { code }
    table { cards { code represents } kind placedBy }
    seats { index username bot handCount opened score roundsWon resigned botPlaying controller takeoverReason }
    winners { index }
  }
`);

export const ME = graphql(`query Me { me { id username } }`);
export const RULESETS = graphql(`
  query Rulesets {
    rulesets { name family minPlayers maxPlayers optionList { name type default nullable min max choices fixed description } }
  }
`);

export const REGISTER = graphql(`
  mutation Register($username: String!, $password: String!) {
    register(username: $username, password: $password) {
      __typename
      ... on AuthPayload { token user { id username } }
      ... on Rejection { code message }
    }
  }
`);
export const LOGIN = graphql(`
  mutation Login($username: String!, $password: String!) {
    login(username: $username, password: $password) {
      __typename
      ... on AuthPayload { token user { id username } }
      ... on Rejection { code message }
    }
  }
`);
export const LOGOUT = graphql(`mutation Logout { logout }`);

export const LOBBY = graphql(`
  query Lobby {
    openMatches(first: 20) { edges { node { id ruleset players mySeat turnSeconds seats { index username bot controller } } } }
    waiting: myMatches(first: 20, status: WAITING) { edges { node { id ruleset status ranked mySeat players turnSeconds correspondenceHours turn { seat } seats { index username bot controller } } } }
    active: myMatches(first: 30, filter: ACTIVE) { edges { node { id ruleset status ranked mySeat players turnSeconds correspondenceHours turn { seat } seats { index username bot controller } } } }
    myTurn: myMatches(first: 50, filter: MY_TURN) { edges { node { id } } }
    finished: myMatches(first: 10, filter: FINISHED) { edges { node { id ruleset status ranked mySeat players turnSeconds correspondenceHours turn { seat } seats { index username bot controller } } } }
    queueStatus { ruleset players tempo waitedSeconds searchRange }
  }
`);
export const LEADERBOARD = graphql(`
  query Leaderboard($ruleset: String!, $tempo: Tempo!) {
    leaderboard(ruleset: $ruleset, tempo: $tempo, first: 20) {
      edges { node { rank user { username } rating { ordinal games provisional } } }
    }
  }
`);

export const CREATE = graphql(`
  mutation Create($input: CreateMatchInput!) {
    createMatch(input: $input) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }
  }
`);
export const JOIN = graphql(`
  mutation Join($id: ID!, $inviteCode: String) {
    joinMatch(matchId: $id, inviteCode: $inviteCode) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }
  }
`);
export const ADD_BOT = graphql(`
  mutation AddBot($id: ID!, $level: BotLevel!) {
    addBot(matchId: $id, level: $level) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }
  }
`);
export const START = graphql(`
  mutation Start($id: ID!) {
    startMatch(matchId: $id) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }
  }
`);
export const ENQUEUE = graphql(`
  mutation Enqueue($input: QueueInput!) {
    enqueue(input: $input) { __typename ... on QueueTicket { ruleset } ... on Rejection { code message } }
  }
`);
export const DEQUEUE = graphql(`mutation Dequeue { dequeue }`);

export const MATCH = graphql(`query Match($id: ID!) { match(id: $id) { ...MatchFields } }`);
export const INVITATION = graphql(`
  query Invitation($id: ID!, $code: String!) { invitation(matchId: $id, inviteCode: $code) { ...MatchFields } }
`);

export const DRAFT = graphql(`
  mutation Draft($id: ID!, $turn: Int!, $table: [[String!]!]!) {
    updateDraft(matchId: $id, turn: $turn, table: $table) { __typename ... on Rejection { code message } }
  }
`);
export const COMMIT = graphql(`
  mutation Commit($id: ID!, $turn: Int!, $table: [[String!]!]!, $key: String) {
    commitTurn(matchId: $id, turn: $turn, table: $table, idempotencyKey: $key) {
      __typename ... on Match { ...MatchFields } ... on Rejection { code message reason meldIndex missingCards { code } points pointsNeeded }
    }
  }
`);
export const DRAW = graphql(`
  mutation Draw($id: ID!, $turn: Int!, $source: DrawSource!, $key: String) {
    draw(matchId: $id, turn: $turn, source: $source, idempotencyKey: $key) {
      __typename ... on Match { ...MatchFields } ... on Rejection { code message }
    }
  }
`);
export const DISCARD = graphql(`
  mutation Discard($id: ID!, $turn: Int!, $card: String!, $key: String) {
    discard(matchId: $id, turn: $turn, card: $card, idempotencyKey: $key) {
      __typename ... on Match { ...MatchFields } ... on Rejection { code message }
    }
  }
`);
export const PASS = graphql(`
  mutation Pass($id: ID!, $turn: Int!, $key: String) {
    passTurn(matchId: $id, turn: $turn, idempotencyKey: $key) {
      __typename ... on Match { ...MatchFields } ... on Rejection { code message }
    }
  }
`);
export const SET_RACK_ORDER = graphql(`
  mutation SetRackOrder($id: ID!, $cards: [String!]!) {
    setRackOrder(matchId: $id, cards: $cards) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }
  }
`);
export const UNDO = graphql(`
  mutation Undo($id: ID!, $turn: Int!) {
    undo(matchId: $id, turn: $turn) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }
  }
`);
export const CHECK = graphql(`
  query Check($ruleset: String!, $melds: [[String!]!]!, $options: JSON) {
    checkMelds(ruleset: $ruleset, melds: $melds, options: $options) { valid kind code reason message meldIndex missingCards { code } cards { code represents } }
  }
`);
export const FITS = graphql(`query Fits($id: ID!, $card: String!) { fits(matchId: $id, card: $card) }`);
export const HINT = graphql(`
  query Hint($id: ID!) {
    hintPlay(matchId: $id) {
      __typename
      ... on Play { table { cards { code represents } } played { code } cards points }
      ... on Rejection { code message }
    }
  }
`);
// A match event's typed fields (never the deprecated `payload`): the live table, the move
// log and the replay read these.
export const EVENT_FIELDS = graphql(`
  fragment EventFields on MatchEvent {
    __typename seq type kind at
    after {
      turn onTurn phase deadline stockCount discardCount discardTop { code } river { code }
      seats { index handCount opened score }
      table { cards { code represents } kind placedBy }
      draft { cards { code represents } kind }
    }
    myHand { code }
    ... on RoundStarted { round dealer participants extra }
    ... on TurnStarted { seat turn round phase deadline }
    ... on DraftUpdated { seat draft { cards { code represents } kind } }
    ... on MoveUndone { seat undoneStep: undone table { cards { code represents } kind placedBy } handCount }
    ... on TurnCommitted {
      seat turn played { code } jokersToHand opening handCount
      jokerSwaps { joker { code represents } card { code } }
      table { cards { code represents } kind placedBy }
    }
    ... on CardDrawn { seat source count penalty cards { code } card { code } key { code } booty { code } }
    ... on CardDiscarded { seat discarded: card { code } to }
    ... on TurnPassed { seat }
    ... on TurnExpired { seat turn undone penalty }
    ... on SeatChanged { seat change reason bot username }
    ... on RoundEnded { result { round termination winners wentOut rummy hands { code } scores totals } }
    ... on MatchEnded { outcome { termination winners totals } }
    ... on MatchAborted { abortReason: reason reasonCode }
  }
`);
export const EVENTS = graphql(`
  subscription Events($id: ID!, $after: Int) { matchEvents(matchId: $id, after: $after) { ...EventFields } }
`);
export const REPLAY = graphql(`
  query Replay($id: ID!) {
    replay(matchId: $id) {
      matchId ruleset options winners
      seats { index username bot }
      events { seq event { ...EventFields } hands { code } }
    }
  }
`);

export const RESIGN = graphql(`
  mutation Resign($id: ID!) {
    resign(matchId: $id) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }
  }
`);
export const RECLAIM = graphql(`
  mutation Reclaim($id: ID!) {
    reclaimSeat(matchId: $id) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }
  }
`);
export const PLAYER_RATINGS = graphql(`
  query PlayerRatings($username: String!) { player(username: $username) { username ratings { ruleset tempo ordinal games provisional } } }
`);
export const MY_EVENTS = graphql(`
  subscription MyEvents {
    myEvents {
      __typename type matchId
      ... on RatingChanged { ruleset tempo rank before { ordinal } after { ordinal provisional } }
    }
  }
`);

// Notifications (push.ts): the server's VAPID key, this browser's subscription.
export const VAPID_PUBLIC_KEY = graphql(`query VapidPublicKey { vapidPublicKey }`);
export const ADD_PUSH_DEVICE = graphql(`
  mutation AddPushDevice($input: PushDeviceInput!) {
    addPushDevice(input: $input) {
      __typename
      ... on PushDevice { id }
      ... on Rejection { code message }
    }
  }
`);
export const REMOVE_PUSH_DEVICE = graphql(`mutation RemovePushDevice($id: ID!) { removePushDevice(id: $id) }`);

// The viewer's notification settings (the menu): by kind and channel, quiet hours...
export const NOTIFICATION_SETTINGS_FIELDS = graphql(`
  fragment NotificationSettingsFields on NotificationSettings {
    kinds { kind push email } quietHours { start end } timeZone whileWatching digest language
  }
`);
export const NOTIFICATION_SETTINGS = graphql(`
  query NotificationSettings { me { id notificationSettings { ...NotificationSettingsFields } } }
`);
export const SET_NOTIFICATION_SETTINGS = graphql(`
  mutation SetNotificationSettings($input: NotificationSettingsInput!) {
    setNotificationSettings(input: $input) {
      __typename
      ... on NotificationSettings { ...NotificationSettingsFields }
      ... on Rejection { code message }
    }
  }
`);
