/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment MatchFields on Match {\n    id ruleset status ranked private players turnSeconds correspondenceHours options\n    inviteCode mySeat stockCount discardCount round lastSeq roundResults { round }\n    legalActions { phase onTurn canCommit drawSources riverTiles canPass discardable { code } canUndo canUpdateDraft canUpdateRackOrder canResign canReclaim }\n    discardTop { code }\n    river { code }\n    drawnCards { code }\n    turn { number seat phaseKind deadline draft { cards { code represents } kind } }\n    myHand { code }\n    table { cards { code represents } kind placedBy }\n    seats { index username bot handCount opened score roundsWon resigned botPlaying controller takeoverReason }\n    winners { index }\n  }\n": typeof types.MatchFieldsFragmentDoc,
    "query Me { me { id username } }": typeof types.MeDocument,
    "\n  query Rulesets {\n    rulesets { name family minPlayers maxPlayers optionList { name type default nullable min max choices fixed description } }\n  }\n": typeof types.RulesetsDocument,
    "\n  mutation Register($username: String!, $password: String!) {\n    register(username: $username, password: $password) {\n      __typename\n      ... on AuthPayload { token user { id username } }\n      ... on Rejection { code message }\n    }\n  }\n": typeof types.RegisterDocument,
    "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      __typename\n      ... on AuthPayload { token user { id username } }\n      ... on Rejection { code message }\n    }\n  }\n": typeof types.LoginDocument,
    "mutation Logout { logout }": typeof types.LogoutDocument,
    "\n  query Lobby {\n    openMatches(first: 20) { edges { node { id ruleset players mySeat turnSeconds seats { index username bot controller } } } }\n    waiting: myMatches(first: 20, status: WAITING) { edges { node { id ruleset status ranked mySeat players turnSeconds correspondenceHours turn { seat } seats { index username bot controller } } } }\n    active: myMatches(first: 30, filter: ACTIVE) { edges { node { id ruleset status ranked mySeat players turnSeconds correspondenceHours turn { seat } seats { index username bot controller } } } }\n    myTurn: myMatches(first: 50, filter: MY_TURN) { edges { node { id } } }\n    finished: myMatches(first: 10, filter: FINISHED) { edges { node { id ruleset status ranked mySeat players turnSeconds correspondenceHours turn { seat } seats { index username bot controller } } } }\n    queueStatus { ruleset players tempo waitedSeconds searchRange }\n  }\n": typeof types.LobbyDocument,
    "\n  query Leaderboard($ruleset: String!, $tempo: Tempo!) {\n    leaderboard(ruleset: $ruleset, tempo: $tempo, first: 20) {\n      edges { node { rank user { username } rating { ordinal games provisional } } }\n    }\n  }\n": typeof types.LeaderboardDocument,
    "\n  mutation Create($input: CreateMatchInput!) {\n    createMatch(input: $input) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n": typeof types.CreateDocument,
    "\n  mutation Join($id: ID!, $inviteCode: String) {\n    joinMatch(matchId: $id, inviteCode: $inviteCode) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n": typeof types.JoinDocument,
    "\n  mutation AddBot($id: ID!, $level: BotLevel!) {\n    addBot(matchId: $id, level: $level) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n": typeof types.AddBotDocument,
    "\n  mutation Start($id: ID!) {\n    startMatch(matchId: $id) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n": typeof types.StartDocument,
    "\n  mutation Enqueue($input: QueueInput!) {\n    enqueue(input: $input) { __typename ... on QueueTicket { ruleset } ... on Rejection { code message } }\n  }\n": typeof types.EnqueueDocument,
    "mutation Dequeue { dequeue }": typeof types.DequeueDocument,
    "query Match($id: ID!) { match(id: $id) { ...MatchFields } }": typeof types.MatchDocument,
    "\n  query Invitation($id: ID!, $code: String!) { invitation(matchId: $id, inviteCode: $code) { ...MatchFields } }\n": typeof types.InvitationDocument,
    "\n  mutation Draft($id: ID!, $turn: Int!, $table: [[String!]!]!) {\n    updateDraft(matchId: $id, turn: $turn, table: $table) { __typename ... on Rejection { code message } }\n  }\n": typeof types.DraftDocument,
    "\n  mutation Commit($id: ID!, $turn: Int!, $table: [[String!]!]!, $key: String) {\n    commitTurn(matchId: $id, turn: $turn, table: $table, idempotencyKey: $key) {\n      __typename ... on Match { ...MatchFields } ... on Rejection { code message reason meldIndex missingCards { code } points pointsNeeded }\n    }\n  }\n": typeof types.CommitDocument,
    "\n  mutation Draw($id: ID!, $turn: Int!, $source: DrawSource!, $key: String) {\n    draw(matchId: $id, turn: $turn, source: $source, idempotencyKey: $key) {\n      __typename ... on Match { ...MatchFields } ... on Rejection { code message }\n    }\n  }\n": typeof types.DrawDocument,
    "\n  mutation Discard($id: ID!, $turn: Int!, $card: String!, $key: String) {\n    discard(matchId: $id, turn: $turn, card: $card, idempotencyKey: $key) {\n      __typename ... on Match { ...MatchFields } ... on Rejection { code message }\n    }\n  }\n": typeof types.DiscardDocument,
    "\n  mutation Pass($id: ID!, $turn: Int!, $key: String) {\n    passTurn(matchId: $id, turn: $turn, idempotencyKey: $key) {\n      __typename ... on Match { ...MatchFields } ... on Rejection { code message }\n    }\n  }\n": typeof types.PassDocument,
    "\n  mutation SetRackOrder($id: ID!, $cards: [String!]!) {\n    setRackOrder(matchId: $id, cards: $cards) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n": typeof types.SetRackOrderDocument,
    "\n  mutation Undo($id: ID!, $turn: Int!) {\n    undo(matchId: $id, turn: $turn) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n": typeof types.UndoDocument,
    "\n  query Check($ruleset: String!, $melds: [[String!]!]!, $options: JSON) {\n    checkMelds(ruleset: $ruleset, melds: $melds, options: $options) { valid kind code reason message meldIndex missingCards { code } cards { code represents } }\n  }\n": typeof types.CheckDocument,
    "query Fits($id: ID!, $card: String!) { fits(matchId: $id, card: $card) }": typeof types.FitsDocument,
    "\n  query Hint($id: ID!) {\n    hintPlay(matchId: $id) {\n      __typename\n      ... on Play { table { cards { code represents } } played { code } cards points }\n      ... on Rejection { code message }\n    }\n  }\n": typeof types.HintDocument,
    "\n  fragment EventFields on MatchEvent {\n    __typename seq type kind at\n    after {\n      turn onTurn phase deadline stockCount discardCount discardTop { code } river { code }\n      seats { index handCount opened score }\n      table { cards { code represents } kind placedBy }\n      draft { cards { code represents } kind }\n    }\n    myHand { code }\n    ... on RoundStarted { round dealer participants extra }\n    ... on TurnStarted { seat turn round phase deadline }\n    ... on DraftUpdated { seat draft { cards { code represents } kind } }\n    ... on MoveUndone { seat undoneStep: undone table { cards { code represents } kind placedBy } handCount }\n    ... on TurnCommitted {\n      seat turn played { code } jokersToHand opening handCount\n      jokerSwaps { joker { code represents } card { code } }\n      table { cards { code represents } kind placedBy }\n    }\n    ... on CardDrawn { seat source count penalty cards { code } card { code } key { code } booty { code } }\n    ... on CardDiscarded { seat discarded: card { code } to }\n    ... on TurnPassed { seat }\n    ... on TurnExpired { seat turn undone penalty }\n    ... on SeatChanged { seat change reason bot username }\n    ... on RoundEnded { result { round termination winners wentOut rummy hands { code } scores totals } }\n    ... on MatchEnded { outcome { termination winners totals } }\n    ... on MatchAborted { abortReason: reason reasonCode }\n  }\n": typeof types.EventFieldsFragmentDoc,
    "\n  subscription Events($id: ID!, $after: Int) { matchEvents(matchId: $id, after: $after) { ...EventFields } }\n": typeof types.EventsDocument,
    "\n  query Replay($id: ID!) {\n    replay(matchId: $id) {\n      matchId ruleset options winners\n      seats { index username bot }\n      events { seq event { ...EventFields } hands { code } }\n    }\n  }\n": typeof types.ReplayDocument,
    "\n  mutation Resign($id: ID!) {\n    resign(matchId: $id) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n": typeof types.ResignDocument,
    "\n  mutation Reclaim($id: ID!) {\n    reclaimSeat(matchId: $id) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n": typeof types.ReclaimDocument,
    "\n  query PlayerRatings($username: String!) { player(username: $username) { username ratings { ruleset tempo ordinal games provisional } } }\n": typeof types.PlayerRatingsDocument,
    "\n  subscription MyEvents {\n    myEvents {\n      __typename type matchId\n      ... on RatingChanged { ruleset tempo rank before { ordinal } after { ordinal provisional } }\n    }\n  }\n": typeof types.MyEventsDocument,
    "query VapidPublicKey { vapidPublicKey }": typeof types.VapidPublicKeyDocument,
    "\n  mutation AddPushDevice($input: PushDeviceInput!) {\n    addPushDevice(input: $input) {\n      __typename\n      ... on PushDevice { id }\n      ... on Rejection { code message }\n    }\n  }\n": typeof types.AddPushDeviceDocument,
    "mutation RemovePushDevice($id: ID!) { removePushDevice(id: $id) }": typeof types.RemovePushDeviceDocument,
    "\n  fragment NotificationSettingsFields on NotificationSettings {\n    kinds { kind push email } quietHours { start end } timeZone whileWatching digest language\n  }\n": typeof types.NotificationSettingsFieldsFragmentDoc,
    "\n  query NotificationSettings { me { id notificationSettings { ...NotificationSettingsFields } } }\n": typeof types.NotificationSettingsDocument,
    "\n  mutation SetNotificationSettings($input: NotificationSettingsInput!) {\n    setNotificationSettings(input: $input) {\n      __typename\n      ... on NotificationSettings { ...NotificationSettingsFields }\n      ... on Rejection { code message }\n    }\n  }\n": typeof types.SetNotificationSettingsDocument,
    "\n  query Tournaments($status: TournamentStatus) {\n    tournaments(status: $status, first: 50) {\n      edges { node { id name ruleset status tableSize roundCount currentRound startsAt playerCount registered turnSeconds correspondenceDays rated } }\n    }\n  }\n": typeof types.TournamentsDocument,
    "\n  query Tournament($id: ID!) {\n    tournament(id: $id) {\n      id name description ruleset status tableSize roundCount currentRound startsAt minPlayers maxPlayers\n      playerCount registered turnSeconds correspondenceDays roundMinutes rated cancelReason\n      placePoints { tableSize points }\n      standings { rank user { id username } points tiebreak played byes forfeits withdrawn }\n      rounds {\n        number deadline endedAt\n        byes { username }\n        tables { index matchId adjudicated players { username } results { user { username } place points forfeit } }\n      }\n      myTable { matchId }\n    }\n  }\n": typeof types.TournamentDocument,
    "\n  mutation JoinTournament($id: ID!) {\n    joinTournament(id: $id) { __typename ... on Tournament { id registered } ... on Rejection { code message } }\n  }\n": typeof types.JoinTournamentDocument,
    "\n  mutation LeaveTournament($id: ID!) {\n    leaveTournament(id: $id) { __typename ... on Tournament { id registered } ... on Rejection { code message } }\n  }\n": typeof types.LeaveTournamentDocument,
    "\n  subscription TournamentEvents($id: ID!, $after: Int) {\n    tournamentEvents(id: $id, after: $after) { seq type }\n  }\n": typeof types.TournamentEventsDocument,
    "\n  query Chat($id: ID!) {\n    chat(matchId: $id) {\n      lastSeq\n      state { room quickOnly freeChat freeChatPlayers players mutedAll muted timedOutUntil maxLength }\n      events {\n        __typename seq type room at\n        ... on ChatMessage { userId username text quick hidden }\n        ... on ChatLineHidden { hiddenSeq }\n        ... on FreeChatChanged { username on freeChatPlayers players }\n      }\n    }\n  }\n": typeof types.ChatDocument,
    "\n  subscription MatchChat($id: ID!, $after: Int) {\n    matchChat(matchId: $id, after: $after) {\n      __typename seq type room at\n      ... on ChatMessage { userId username text quick hidden }\n      ... on ChatLineHidden { hiddenSeq }\n      ... on FreeChatChanged { username on freeChatPlayers players }\n    }\n  }\n": typeof types.MatchChatDocument,
    "\n  mutation SendChat($id: ID!, $text: String, $quick: QuickMessage) {\n    sendChat(matchId: $id, text: $text, quick: $quick) {\n      __typename ... on ChatMessage { seq } ... on Rejection { code message }\n    }\n  }\n": typeof types.SendChatDocument,
    "\n  mutation SetFreeChat($id: ID!, $on: Boolean!) {\n    setFreeChat(matchId: $id, on: $on) {\n      __typename ... on ChatState { quickOnly freeChat freeChatPlayers players } ... on Rejection { code message }\n    }\n  }\n": typeof types.SetFreeChatDocument,
    "\n  mutation MuteChat($id: ID!, $username: String, $muted: Boolean!) {\n    muteChat(matchId: $id, username: $username, muted: $muted) { mutedAll muted }\n  }\n": typeof types.MuteChatDocument,
    "\n  mutation ReportLine($username: String!, $id: ID!, $lines: [Int!]) {\n    reportPlayer(username: $username, matchId: $id, reason: ABUSE, lines: $lines)\n  }\n": typeof types.ReportLineDocument,
    "\n  query ReplayChat($id: ID!) {\n    replay(matchId: $id) { chat { seq room username text quick } }\n  }\n": typeof types.ReplayChatDocument,
    "\n  query Friends {\n    me {\n      id\n      blocked { username }\n      following { user { username } online lastSeenAt playing { id ruleset players } }\n    }\n    myChallenges {\n      id status ruleset ranked turnSeconds correspondenceHours expiresAt\n      challenger { username } challenged { username }\n    }\n  }\n": typeof types.FriendsDocument,
    "\n  mutation Follow($username: String!) {\n    followUser(username: $username) { __typename ... on Rejection { code message } }\n  }\n": typeof types.FollowDocument,
    "\n  mutation Unfollow($username: String!) {\n    unfollowUser(username: $username) { __typename ... on Rejection { code message } }\n  }\n": typeof types.UnfollowDocument,
    "\n  mutation Block($username: String!) {\n    blockUser(username: $username) { __typename ... on Rejection { code message } }\n  }\n": typeof types.BlockDocument,
    "\n  mutation Unblock($username: String!) {\n    unblockUser(username: $username) { __typename ... on Rejection { code message } }\n  }\n": typeof types.UnblockDocument,
    "\n  mutation Challenge($username: String!, $ruleset: String!, $turnSeconds: Int, $correspondenceHours: Int, $ranked: Boolean!) {\n    challenge(username: $username, ruleset: $ruleset, turnSeconds: $turnSeconds, correspondenceHours: $correspondenceHours, ranked: $ranked) {\n      __typename ... on Challenge { id status } ... on Rejection { code message }\n    }\n  }\n": typeof types.ChallengeDocument,
    "\n  mutation AcceptChallenge($id: ID!) {\n    acceptChallenge(id: $id) { __typename ... on Challenge { id status matchId } ... on Rejection { code message } }\n  }\n": typeof types.AcceptChallengeDocument,
    "\n  mutation DeclineChallenge($id: ID!) {\n    declineChallenge(id: $id) { __typename ... on Challenge { id status } ... on Rejection { code message } }\n  }\n": typeof types.DeclineChallengeDocument,
    "\n  mutation CancelChallenge($id: ID!) {\n    cancelChallenge(id: $id) { __typename ... on Challenge { id status } ... on Rejection { code message } }\n  }\n": typeof types.CancelChallengeDocument,
    "\n  subscription SocialEvents {\n    myEvents {\n      __typename type kind matchId\n      ... on ChallengeNotice { challenge { id status ruleset ranked turnSeconds correspondenceHours matchId challenger { username } challenged { username } } }\n      ... on TournamentNotice { tournamentId round bye place points reason }\n    }\n  }\n": typeof types.SocialEventsDocument,
};
const documents: Documents = {
    "\n  fragment MatchFields on Match {\n    id ruleset status ranked private players turnSeconds correspondenceHours options\n    inviteCode mySeat stockCount discardCount round lastSeq roundResults { round }\n    legalActions { phase onTurn canCommit drawSources riverTiles canPass discardable { code } canUndo canUpdateDraft canUpdateRackOrder canResign canReclaim }\n    discardTop { code }\n    river { code }\n    drawnCards { code }\n    turn { number seat phaseKind deadline draft { cards { code represents } kind } }\n    myHand { code }\n    table { cards { code represents } kind placedBy }\n    seats { index username bot handCount opened score roundsWon resigned botPlaying controller takeoverReason }\n    winners { index }\n  }\n": types.MatchFieldsFragmentDoc,
    "query Me { me { id username } }": types.MeDocument,
    "\n  query Rulesets {\n    rulesets { name family minPlayers maxPlayers optionList { name type default nullable min max choices fixed description } }\n  }\n": types.RulesetsDocument,
    "\n  mutation Register($username: String!, $password: String!) {\n    register(username: $username, password: $password) {\n      __typename\n      ... on AuthPayload { token user { id username } }\n      ... on Rejection { code message }\n    }\n  }\n": types.RegisterDocument,
    "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      __typename\n      ... on AuthPayload { token user { id username } }\n      ... on Rejection { code message }\n    }\n  }\n": types.LoginDocument,
    "mutation Logout { logout }": types.LogoutDocument,
    "\n  query Lobby {\n    openMatches(first: 20) { edges { node { id ruleset players mySeat turnSeconds seats { index username bot controller } } } }\n    waiting: myMatches(first: 20, status: WAITING) { edges { node { id ruleset status ranked mySeat players turnSeconds correspondenceHours turn { seat } seats { index username bot controller } } } }\n    active: myMatches(first: 30, filter: ACTIVE) { edges { node { id ruleset status ranked mySeat players turnSeconds correspondenceHours turn { seat } seats { index username bot controller } } } }\n    myTurn: myMatches(first: 50, filter: MY_TURN) { edges { node { id } } }\n    finished: myMatches(first: 10, filter: FINISHED) { edges { node { id ruleset status ranked mySeat players turnSeconds correspondenceHours turn { seat } seats { index username bot controller } } } }\n    queueStatus { ruleset players tempo waitedSeconds searchRange }\n  }\n": types.LobbyDocument,
    "\n  query Leaderboard($ruleset: String!, $tempo: Tempo!) {\n    leaderboard(ruleset: $ruleset, tempo: $tempo, first: 20) {\n      edges { node { rank user { username } rating { ordinal games provisional } } }\n    }\n  }\n": types.LeaderboardDocument,
    "\n  mutation Create($input: CreateMatchInput!) {\n    createMatch(input: $input) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n": types.CreateDocument,
    "\n  mutation Join($id: ID!, $inviteCode: String) {\n    joinMatch(matchId: $id, inviteCode: $inviteCode) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n": types.JoinDocument,
    "\n  mutation AddBot($id: ID!, $level: BotLevel!) {\n    addBot(matchId: $id, level: $level) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n": types.AddBotDocument,
    "\n  mutation Start($id: ID!) {\n    startMatch(matchId: $id) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n": types.StartDocument,
    "\n  mutation Enqueue($input: QueueInput!) {\n    enqueue(input: $input) { __typename ... on QueueTicket { ruleset } ... on Rejection { code message } }\n  }\n": types.EnqueueDocument,
    "mutation Dequeue { dequeue }": types.DequeueDocument,
    "query Match($id: ID!) { match(id: $id) { ...MatchFields } }": types.MatchDocument,
    "\n  query Invitation($id: ID!, $code: String!) { invitation(matchId: $id, inviteCode: $code) { ...MatchFields } }\n": types.InvitationDocument,
    "\n  mutation Draft($id: ID!, $turn: Int!, $table: [[String!]!]!) {\n    updateDraft(matchId: $id, turn: $turn, table: $table) { __typename ... on Rejection { code message } }\n  }\n": types.DraftDocument,
    "\n  mutation Commit($id: ID!, $turn: Int!, $table: [[String!]!]!, $key: String) {\n    commitTurn(matchId: $id, turn: $turn, table: $table, idempotencyKey: $key) {\n      __typename ... on Match { ...MatchFields } ... on Rejection { code message reason meldIndex missingCards { code } points pointsNeeded }\n    }\n  }\n": types.CommitDocument,
    "\n  mutation Draw($id: ID!, $turn: Int!, $source: DrawSource!, $key: String) {\n    draw(matchId: $id, turn: $turn, source: $source, idempotencyKey: $key) {\n      __typename ... on Match { ...MatchFields } ... on Rejection { code message }\n    }\n  }\n": types.DrawDocument,
    "\n  mutation Discard($id: ID!, $turn: Int!, $card: String!, $key: String) {\n    discard(matchId: $id, turn: $turn, card: $card, idempotencyKey: $key) {\n      __typename ... on Match { ...MatchFields } ... on Rejection { code message }\n    }\n  }\n": types.DiscardDocument,
    "\n  mutation Pass($id: ID!, $turn: Int!, $key: String) {\n    passTurn(matchId: $id, turn: $turn, idempotencyKey: $key) {\n      __typename ... on Match { ...MatchFields } ... on Rejection { code message }\n    }\n  }\n": types.PassDocument,
    "\n  mutation SetRackOrder($id: ID!, $cards: [String!]!) {\n    setRackOrder(matchId: $id, cards: $cards) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n": types.SetRackOrderDocument,
    "\n  mutation Undo($id: ID!, $turn: Int!) {\n    undo(matchId: $id, turn: $turn) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n": types.UndoDocument,
    "\n  query Check($ruleset: String!, $melds: [[String!]!]!, $options: JSON) {\n    checkMelds(ruleset: $ruleset, melds: $melds, options: $options) { valid kind code reason message meldIndex missingCards { code } cards { code represents } }\n  }\n": types.CheckDocument,
    "query Fits($id: ID!, $card: String!) { fits(matchId: $id, card: $card) }": types.FitsDocument,
    "\n  query Hint($id: ID!) {\n    hintPlay(matchId: $id) {\n      __typename\n      ... on Play { table { cards { code represents } } played { code } cards points }\n      ... on Rejection { code message }\n    }\n  }\n": types.HintDocument,
    "\n  fragment EventFields on MatchEvent {\n    __typename seq type kind at\n    after {\n      turn onTurn phase deadline stockCount discardCount discardTop { code } river { code }\n      seats { index handCount opened score }\n      table { cards { code represents } kind placedBy }\n      draft { cards { code represents } kind }\n    }\n    myHand { code }\n    ... on RoundStarted { round dealer participants extra }\n    ... on TurnStarted { seat turn round phase deadline }\n    ... on DraftUpdated { seat draft { cards { code represents } kind } }\n    ... on MoveUndone { seat undoneStep: undone table { cards { code represents } kind placedBy } handCount }\n    ... on TurnCommitted {\n      seat turn played { code } jokersToHand opening handCount\n      jokerSwaps { joker { code represents } card { code } }\n      table { cards { code represents } kind placedBy }\n    }\n    ... on CardDrawn { seat source count penalty cards { code } card { code } key { code } booty { code } }\n    ... on CardDiscarded { seat discarded: card { code } to }\n    ... on TurnPassed { seat }\n    ... on TurnExpired { seat turn undone penalty }\n    ... on SeatChanged { seat change reason bot username }\n    ... on RoundEnded { result { round termination winners wentOut rummy hands { code } scores totals } }\n    ... on MatchEnded { outcome { termination winners totals } }\n    ... on MatchAborted { abortReason: reason reasonCode }\n  }\n": types.EventFieldsFragmentDoc,
    "\n  subscription Events($id: ID!, $after: Int) { matchEvents(matchId: $id, after: $after) { ...EventFields } }\n": types.EventsDocument,
    "\n  query Replay($id: ID!) {\n    replay(matchId: $id) {\n      matchId ruleset options winners\n      seats { index username bot }\n      events { seq event { ...EventFields } hands { code } }\n    }\n  }\n": types.ReplayDocument,
    "\n  mutation Resign($id: ID!) {\n    resign(matchId: $id) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n": types.ResignDocument,
    "\n  mutation Reclaim($id: ID!) {\n    reclaimSeat(matchId: $id) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n": types.ReclaimDocument,
    "\n  query PlayerRatings($username: String!) { player(username: $username) { username ratings { ruleset tempo ordinal games provisional } } }\n": types.PlayerRatingsDocument,
    "\n  subscription MyEvents {\n    myEvents {\n      __typename type matchId\n      ... on RatingChanged { ruleset tempo rank before { ordinal } after { ordinal provisional } }\n    }\n  }\n": types.MyEventsDocument,
    "query VapidPublicKey { vapidPublicKey }": types.VapidPublicKeyDocument,
    "\n  mutation AddPushDevice($input: PushDeviceInput!) {\n    addPushDevice(input: $input) {\n      __typename\n      ... on PushDevice { id }\n      ... on Rejection { code message }\n    }\n  }\n": types.AddPushDeviceDocument,
    "mutation RemovePushDevice($id: ID!) { removePushDevice(id: $id) }": types.RemovePushDeviceDocument,
    "\n  fragment NotificationSettingsFields on NotificationSettings {\n    kinds { kind push email } quietHours { start end } timeZone whileWatching digest language\n  }\n": types.NotificationSettingsFieldsFragmentDoc,
    "\n  query NotificationSettings { me { id notificationSettings { ...NotificationSettingsFields } } }\n": types.NotificationSettingsDocument,
    "\n  mutation SetNotificationSettings($input: NotificationSettingsInput!) {\n    setNotificationSettings(input: $input) {\n      __typename\n      ... on NotificationSettings { ...NotificationSettingsFields }\n      ... on Rejection { code message }\n    }\n  }\n": types.SetNotificationSettingsDocument,
    "\n  query Tournaments($status: TournamentStatus) {\n    tournaments(status: $status, first: 50) {\n      edges { node { id name ruleset status tableSize roundCount currentRound startsAt playerCount registered turnSeconds correspondenceDays rated } }\n    }\n  }\n": types.TournamentsDocument,
    "\n  query Tournament($id: ID!) {\n    tournament(id: $id) {\n      id name description ruleset status tableSize roundCount currentRound startsAt minPlayers maxPlayers\n      playerCount registered turnSeconds correspondenceDays roundMinutes rated cancelReason\n      placePoints { tableSize points }\n      standings { rank user { id username } points tiebreak played byes forfeits withdrawn }\n      rounds {\n        number deadline endedAt\n        byes { username }\n        tables { index matchId adjudicated players { username } results { user { username } place points forfeit } }\n      }\n      myTable { matchId }\n    }\n  }\n": types.TournamentDocument,
    "\n  mutation JoinTournament($id: ID!) {\n    joinTournament(id: $id) { __typename ... on Tournament { id registered } ... on Rejection { code message } }\n  }\n": types.JoinTournamentDocument,
    "\n  mutation LeaveTournament($id: ID!) {\n    leaveTournament(id: $id) { __typename ... on Tournament { id registered } ... on Rejection { code message } }\n  }\n": types.LeaveTournamentDocument,
    "\n  subscription TournamentEvents($id: ID!, $after: Int) {\n    tournamentEvents(id: $id, after: $after) { seq type }\n  }\n": types.TournamentEventsDocument,
    "\n  query Chat($id: ID!) {\n    chat(matchId: $id) {\n      lastSeq\n      state { room quickOnly freeChat freeChatPlayers players mutedAll muted timedOutUntil maxLength }\n      events {\n        __typename seq type room at\n        ... on ChatMessage { userId username text quick hidden }\n        ... on ChatLineHidden { hiddenSeq }\n        ... on FreeChatChanged { username on freeChatPlayers players }\n      }\n    }\n  }\n": types.ChatDocument,
    "\n  subscription MatchChat($id: ID!, $after: Int) {\n    matchChat(matchId: $id, after: $after) {\n      __typename seq type room at\n      ... on ChatMessage { userId username text quick hidden }\n      ... on ChatLineHidden { hiddenSeq }\n      ... on FreeChatChanged { username on freeChatPlayers players }\n    }\n  }\n": types.MatchChatDocument,
    "\n  mutation SendChat($id: ID!, $text: String, $quick: QuickMessage) {\n    sendChat(matchId: $id, text: $text, quick: $quick) {\n      __typename ... on ChatMessage { seq } ... on Rejection { code message }\n    }\n  }\n": types.SendChatDocument,
    "\n  mutation SetFreeChat($id: ID!, $on: Boolean!) {\n    setFreeChat(matchId: $id, on: $on) {\n      __typename ... on ChatState { quickOnly freeChat freeChatPlayers players } ... on Rejection { code message }\n    }\n  }\n": types.SetFreeChatDocument,
    "\n  mutation MuteChat($id: ID!, $username: String, $muted: Boolean!) {\n    muteChat(matchId: $id, username: $username, muted: $muted) { mutedAll muted }\n  }\n": types.MuteChatDocument,
    "\n  mutation ReportLine($username: String!, $id: ID!, $lines: [Int!]) {\n    reportPlayer(username: $username, matchId: $id, reason: ABUSE, lines: $lines)\n  }\n": types.ReportLineDocument,
    "\n  query ReplayChat($id: ID!) {\n    replay(matchId: $id) { chat { seq room username text quick } }\n  }\n": types.ReplayChatDocument,
    "\n  query Friends {\n    me {\n      id\n      blocked { username }\n      following { user { username } online lastSeenAt playing { id ruleset players } }\n    }\n    myChallenges {\n      id status ruleset ranked turnSeconds correspondenceHours expiresAt\n      challenger { username } challenged { username }\n    }\n  }\n": types.FriendsDocument,
    "\n  mutation Follow($username: String!) {\n    followUser(username: $username) { __typename ... on Rejection { code message } }\n  }\n": types.FollowDocument,
    "\n  mutation Unfollow($username: String!) {\n    unfollowUser(username: $username) { __typename ... on Rejection { code message } }\n  }\n": types.UnfollowDocument,
    "\n  mutation Block($username: String!) {\n    blockUser(username: $username) { __typename ... on Rejection { code message } }\n  }\n": types.BlockDocument,
    "\n  mutation Unblock($username: String!) {\n    unblockUser(username: $username) { __typename ... on Rejection { code message } }\n  }\n": types.UnblockDocument,
    "\n  mutation Challenge($username: String!, $ruleset: String!, $turnSeconds: Int, $correspondenceHours: Int, $ranked: Boolean!) {\n    challenge(username: $username, ruleset: $ruleset, turnSeconds: $turnSeconds, correspondenceHours: $correspondenceHours, ranked: $ranked) {\n      __typename ... on Challenge { id status } ... on Rejection { code message }\n    }\n  }\n": types.ChallengeDocument,
    "\n  mutation AcceptChallenge($id: ID!) {\n    acceptChallenge(id: $id) { __typename ... on Challenge { id status matchId } ... on Rejection { code message } }\n  }\n": types.AcceptChallengeDocument,
    "\n  mutation DeclineChallenge($id: ID!) {\n    declineChallenge(id: $id) { __typename ... on Challenge { id status } ... on Rejection { code message } }\n  }\n": types.DeclineChallengeDocument,
    "\n  mutation CancelChallenge($id: ID!) {\n    cancelChallenge(id: $id) { __typename ... on Challenge { id status } ... on Rejection { code message } }\n  }\n": types.CancelChallengeDocument,
    "\n  subscription SocialEvents {\n    myEvents {\n      __typename type kind matchId\n      ... on ChallengeNotice { challenge { id status ruleset ranked turnSeconds correspondenceHours matchId challenger { username } challenged { username } } }\n      ... on TournamentNotice { tournamentId round bye place points reason }\n    }\n  }\n": types.SocialEventsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MatchFields on Match {\n    id ruleset status ranked private players turnSeconds correspondenceHours options\n    inviteCode mySeat stockCount discardCount round lastSeq roundResults { round }\n    legalActions { phase onTurn canCommit drawSources riverTiles canPass discardable { code } canUndo canUpdateDraft canUpdateRackOrder canResign canReclaim }\n    discardTop { code }\n    river { code }\n    drawnCards { code }\n    turn { number seat phaseKind deadline draft { cards { code represents } kind } }\n    myHand { code }\n    table { cards { code represents } kind placedBy }\n    seats { index username bot handCount opened score roundsWon resigned botPlaying controller takeoverReason }\n    winners { index }\n  }\n"): typeof import('./graphql').MatchFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Me { me { id username } }"): typeof import('./graphql').MeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Rulesets {\n    rulesets { name family minPlayers maxPlayers optionList { name type default nullable min max choices fixed description } }\n  }\n"): typeof import('./graphql').RulesetsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Register($username: String!, $password: String!) {\n    register(username: $username, password: $password) {\n      __typename\n      ... on AuthPayload { token user { id username } }\n      ... on Rejection { code message }\n    }\n  }\n"): typeof import('./graphql').RegisterDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      __typename\n      ... on AuthPayload { token user { id username } }\n      ... on Rejection { code message }\n    }\n  }\n"): typeof import('./graphql').LoginDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Logout { logout }"): typeof import('./graphql').LogoutDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Lobby {\n    openMatches(first: 20) { edges { node { id ruleset players mySeat turnSeconds seats { index username bot controller } } } }\n    waiting: myMatches(first: 20, status: WAITING) { edges { node { id ruleset status ranked mySeat players turnSeconds correspondenceHours turn { seat } seats { index username bot controller } } } }\n    active: myMatches(first: 30, filter: ACTIVE) { edges { node { id ruleset status ranked mySeat players turnSeconds correspondenceHours turn { seat } seats { index username bot controller } } } }\n    myTurn: myMatches(first: 50, filter: MY_TURN) { edges { node { id } } }\n    finished: myMatches(first: 10, filter: FINISHED) { edges { node { id ruleset status ranked mySeat players turnSeconds correspondenceHours turn { seat } seats { index username bot controller } } } }\n    queueStatus { ruleset players tempo waitedSeconds searchRange }\n  }\n"): typeof import('./graphql').LobbyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Leaderboard($ruleset: String!, $tempo: Tempo!) {\n    leaderboard(ruleset: $ruleset, tempo: $tempo, first: 20) {\n      edges { node { rank user { username } rating { ordinal games provisional } } }\n    }\n  }\n"): typeof import('./graphql').LeaderboardDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Create($input: CreateMatchInput!) {\n    createMatch(input: $input) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n"): typeof import('./graphql').CreateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Join($id: ID!, $inviteCode: String) {\n    joinMatch(matchId: $id, inviteCode: $inviteCode) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n"): typeof import('./graphql').JoinDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddBot($id: ID!, $level: BotLevel!) {\n    addBot(matchId: $id, level: $level) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n"): typeof import('./graphql').AddBotDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Start($id: ID!) {\n    startMatch(matchId: $id) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n"): typeof import('./graphql').StartDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Enqueue($input: QueueInput!) {\n    enqueue(input: $input) { __typename ... on QueueTicket { ruleset } ... on Rejection { code message } }\n  }\n"): typeof import('./graphql').EnqueueDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Dequeue { dequeue }"): typeof import('./graphql').DequeueDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Match($id: ID!) { match(id: $id) { ...MatchFields } }"): typeof import('./graphql').MatchDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Invitation($id: ID!, $code: String!) { invitation(matchId: $id, inviteCode: $code) { ...MatchFields } }\n"): typeof import('./graphql').InvitationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Draft($id: ID!, $turn: Int!, $table: [[String!]!]!) {\n    updateDraft(matchId: $id, turn: $turn, table: $table) { __typename ... on Rejection { code message } }\n  }\n"): typeof import('./graphql').DraftDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Commit($id: ID!, $turn: Int!, $table: [[String!]!]!, $key: String) {\n    commitTurn(matchId: $id, turn: $turn, table: $table, idempotencyKey: $key) {\n      __typename ... on Match { ...MatchFields } ... on Rejection { code message reason meldIndex missingCards { code } points pointsNeeded }\n    }\n  }\n"): typeof import('./graphql').CommitDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Draw($id: ID!, $turn: Int!, $source: DrawSource!, $key: String) {\n    draw(matchId: $id, turn: $turn, source: $source, idempotencyKey: $key) {\n      __typename ... on Match { ...MatchFields } ... on Rejection { code message }\n    }\n  }\n"): typeof import('./graphql').DrawDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Discard($id: ID!, $turn: Int!, $card: String!, $key: String) {\n    discard(matchId: $id, turn: $turn, card: $card, idempotencyKey: $key) {\n      __typename ... on Match { ...MatchFields } ... on Rejection { code message }\n    }\n  }\n"): typeof import('./graphql').DiscardDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Pass($id: ID!, $turn: Int!, $key: String) {\n    passTurn(matchId: $id, turn: $turn, idempotencyKey: $key) {\n      __typename ... on Match { ...MatchFields } ... on Rejection { code message }\n    }\n  }\n"): typeof import('./graphql').PassDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetRackOrder($id: ID!, $cards: [String!]!) {\n    setRackOrder(matchId: $id, cards: $cards) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n"): typeof import('./graphql').SetRackOrderDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Undo($id: ID!, $turn: Int!) {\n    undo(matchId: $id, turn: $turn) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n"): typeof import('./graphql').UndoDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Check($ruleset: String!, $melds: [[String!]!]!, $options: JSON) {\n    checkMelds(ruleset: $ruleset, melds: $melds, options: $options) { valid kind code reason message meldIndex missingCards { code } cards { code represents } }\n  }\n"): typeof import('./graphql').CheckDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Fits($id: ID!, $card: String!) { fits(matchId: $id, card: $card) }"): typeof import('./graphql').FitsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Hint($id: ID!) {\n    hintPlay(matchId: $id) {\n      __typename\n      ... on Play { table { cards { code represents } } played { code } cards points }\n      ... on Rejection { code message }\n    }\n  }\n"): typeof import('./graphql').HintDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment EventFields on MatchEvent {\n    __typename seq type kind at\n    after {\n      turn onTurn phase deadline stockCount discardCount discardTop { code } river { code }\n      seats { index handCount opened score }\n      table { cards { code represents } kind placedBy }\n      draft { cards { code represents } kind }\n    }\n    myHand { code }\n    ... on RoundStarted { round dealer participants extra }\n    ... on TurnStarted { seat turn round phase deadline }\n    ... on DraftUpdated { seat draft { cards { code represents } kind } }\n    ... on MoveUndone { seat undoneStep: undone table { cards { code represents } kind placedBy } handCount }\n    ... on TurnCommitted {\n      seat turn played { code } jokersToHand opening handCount\n      jokerSwaps { joker { code represents } card { code } }\n      table { cards { code represents } kind placedBy }\n    }\n    ... on CardDrawn { seat source count penalty cards { code } card { code } key { code } booty { code } }\n    ... on CardDiscarded { seat discarded: card { code } to }\n    ... on TurnPassed { seat }\n    ... on TurnExpired { seat turn undone penalty }\n    ... on SeatChanged { seat change reason bot username }\n    ... on RoundEnded { result { round termination winners wentOut rummy hands { code } scores totals } }\n    ... on MatchEnded { outcome { termination winners totals } }\n    ... on MatchAborted { abortReason: reason reasonCode }\n  }\n"): typeof import('./graphql').EventFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription Events($id: ID!, $after: Int) { matchEvents(matchId: $id, after: $after) { ...EventFields } }\n"): typeof import('./graphql').EventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Replay($id: ID!) {\n    replay(matchId: $id) {\n      matchId ruleset options winners\n      seats { index username bot }\n      events { seq event { ...EventFields } hands { code } }\n    }\n  }\n"): typeof import('./graphql').ReplayDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Resign($id: ID!) {\n    resign(matchId: $id) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n"): typeof import('./graphql').ResignDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Reclaim($id: ID!) {\n    reclaimSeat(matchId: $id) { __typename ... on Match { ...MatchFields } ... on Rejection { code message } }\n  }\n"): typeof import('./graphql').ReclaimDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlayerRatings($username: String!) { player(username: $username) { username ratings { ruleset tempo ordinal games provisional } } }\n"): typeof import('./graphql').PlayerRatingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription MyEvents {\n    myEvents {\n      __typename type matchId\n      ... on RatingChanged { ruleset tempo rank before { ordinal } after { ordinal provisional } }\n    }\n  }\n"): typeof import('./graphql').MyEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query VapidPublicKey { vapidPublicKey }"): typeof import('./graphql').VapidPublicKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddPushDevice($input: PushDeviceInput!) {\n    addPushDevice(input: $input) {\n      __typename\n      ... on PushDevice { id }\n      ... on Rejection { code message }\n    }\n  }\n"): typeof import('./graphql').AddPushDeviceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RemovePushDevice($id: ID!) { removePushDevice(id: $id) }"): typeof import('./graphql').RemovePushDeviceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment NotificationSettingsFields on NotificationSettings {\n    kinds { kind push email } quietHours { start end } timeZone whileWatching digest language\n  }\n"): typeof import('./graphql').NotificationSettingsFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationSettings { me { id notificationSettings { ...NotificationSettingsFields } } }\n"): typeof import('./graphql').NotificationSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetNotificationSettings($input: NotificationSettingsInput!) {\n    setNotificationSettings(input: $input) {\n      __typename\n      ... on NotificationSettings { ...NotificationSettingsFields }\n      ... on Rejection { code message }\n    }\n  }\n"): typeof import('./graphql').SetNotificationSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Tournaments($status: TournamentStatus) {\n    tournaments(status: $status, first: 50) {\n      edges { node { id name ruleset status tableSize roundCount currentRound startsAt playerCount registered turnSeconds correspondenceDays rated } }\n    }\n  }\n"): typeof import('./graphql').TournamentsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Tournament($id: ID!) {\n    tournament(id: $id) {\n      id name description ruleset status tableSize roundCount currentRound startsAt minPlayers maxPlayers\n      playerCount registered turnSeconds correspondenceDays roundMinutes rated cancelReason\n      placePoints { tableSize points }\n      standings { rank user { id username } points tiebreak played byes forfeits withdrawn }\n      rounds {\n        number deadline endedAt\n        byes { username }\n        tables { index matchId adjudicated players { username } results { user { username } place points forfeit } }\n      }\n      myTable { matchId }\n    }\n  }\n"): typeof import('./graphql').TournamentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation JoinTournament($id: ID!) {\n    joinTournament(id: $id) { __typename ... on Tournament { id registered } ... on Rejection { code message } }\n  }\n"): typeof import('./graphql').JoinTournamentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LeaveTournament($id: ID!) {\n    leaveTournament(id: $id) { __typename ... on Tournament { id registered } ... on Rejection { code message } }\n  }\n"): typeof import('./graphql').LeaveTournamentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription TournamentEvents($id: ID!, $after: Int) {\n    tournamentEvents(id: $id, after: $after) { seq type }\n  }\n"): typeof import('./graphql').TournamentEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Chat($id: ID!) {\n    chat(matchId: $id) {\n      lastSeq\n      state { room quickOnly freeChat freeChatPlayers players mutedAll muted timedOutUntil maxLength }\n      events {\n        __typename seq type room at\n        ... on ChatMessage { userId username text quick hidden }\n        ... on ChatLineHidden { hiddenSeq }\n        ... on FreeChatChanged { username on freeChatPlayers players }\n      }\n    }\n  }\n"): typeof import('./graphql').ChatDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription MatchChat($id: ID!, $after: Int) {\n    matchChat(matchId: $id, after: $after) {\n      __typename seq type room at\n      ... on ChatMessage { userId username text quick hidden }\n      ... on ChatLineHidden { hiddenSeq }\n      ... on FreeChatChanged { username on freeChatPlayers players }\n    }\n  }\n"): typeof import('./graphql').MatchChatDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendChat($id: ID!, $text: String, $quick: QuickMessage) {\n    sendChat(matchId: $id, text: $text, quick: $quick) {\n      __typename ... on ChatMessage { seq } ... on Rejection { code message }\n    }\n  }\n"): typeof import('./graphql').SendChatDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetFreeChat($id: ID!, $on: Boolean!) {\n    setFreeChat(matchId: $id, on: $on) {\n      __typename ... on ChatState { quickOnly freeChat freeChatPlayers players } ... on Rejection { code message }\n    }\n  }\n"): typeof import('./graphql').SetFreeChatDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MuteChat($id: ID!, $username: String, $muted: Boolean!) {\n    muteChat(matchId: $id, username: $username, muted: $muted) { mutedAll muted }\n  }\n"): typeof import('./graphql').MuteChatDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReportLine($username: String!, $id: ID!, $lines: [Int!]) {\n    reportPlayer(username: $username, matchId: $id, reason: ABUSE, lines: $lines)\n  }\n"): typeof import('./graphql').ReportLineDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReplayChat($id: ID!) {\n    replay(matchId: $id) { chat { seq room username text quick } }\n  }\n"): typeof import('./graphql').ReplayChatDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Friends {\n    me {\n      id\n      blocked { username }\n      following { user { username } online lastSeenAt playing { id ruleset players } }\n    }\n    myChallenges {\n      id status ruleset ranked turnSeconds correspondenceHours expiresAt\n      challenger { username } challenged { username }\n    }\n  }\n"): typeof import('./graphql').FriendsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Follow($username: String!) {\n    followUser(username: $username) { __typename ... on Rejection { code message } }\n  }\n"): typeof import('./graphql').FollowDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Unfollow($username: String!) {\n    unfollowUser(username: $username) { __typename ... on Rejection { code message } }\n  }\n"): typeof import('./graphql').UnfollowDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Block($username: String!) {\n    blockUser(username: $username) { __typename ... on Rejection { code message } }\n  }\n"): typeof import('./graphql').BlockDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Unblock($username: String!) {\n    unblockUser(username: $username) { __typename ... on Rejection { code message } }\n  }\n"): typeof import('./graphql').UnblockDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Challenge($username: String!, $ruleset: String!, $turnSeconds: Int, $correspondenceHours: Int, $ranked: Boolean!) {\n    challenge(username: $username, ruleset: $ruleset, turnSeconds: $turnSeconds, correspondenceHours: $correspondenceHours, ranked: $ranked) {\n      __typename ... on Challenge { id status } ... on Rejection { code message }\n    }\n  }\n"): typeof import('./graphql').ChallengeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AcceptChallenge($id: ID!) {\n    acceptChallenge(id: $id) { __typename ... on Challenge { id status matchId } ... on Rejection { code message } }\n  }\n"): typeof import('./graphql').AcceptChallengeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeclineChallenge($id: ID!) {\n    declineChallenge(id: $id) { __typename ... on Challenge { id status } ... on Rejection { code message } }\n  }\n"): typeof import('./graphql').DeclineChallengeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelChallenge($id: ID!) {\n    cancelChallenge(id: $id) { __typename ... on Challenge { id status } ... on Rejection { code message } }\n  }\n"): typeof import('./graphql').CancelChallengeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription SocialEvents {\n    myEvents {\n      __typename type kind matchId\n      ... on ChallengeNotice { challenge { id status ruleset ranked turnSeconds correspondenceHours matchId challenger { username } challenged { username } } }\n      ... on TournamentNotice { tournamentId round bye place points reason }\n    }\n  }\n"): typeof import('./graphql').SocialEventsDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
