// The operations of playing together (issue 30): tournaments, a match's chat, blocks,
// follows and challenges, and the notices about them. `npm run codegen` types them.
import { graphql } from "./gql";

export const TOURNAMENTS = graphql(`
  query Tournaments($status: TournamentStatus) {
    tournaments(status: $status, first: 50) {
      edges { node { id name ruleset status tableSize roundCount currentRound startsAt playerCount registered turnSeconds correspondenceDays rated } }
    }
  }
`);

export const TOURNAMENT = graphql(`
  query Tournament($id: ID!) {
    tournament(id: $id) {
      id name description ruleset status tableSize roundCount currentRound startsAt minPlayers maxPlayers
      playerCount registered turnSeconds correspondenceDays roundMinutes rated cancelReason
      placePoints { tableSize points }
      standings { rank user { id username } points tiebreak played byes forfeits withdrawn }
      rounds {
        number deadline endedAt
        byes { username }
        tables { index matchId adjudicated players { username } results { user { username } place points forfeit } }
      }
      myTable { matchId }
    }
  }
`);

export const JOIN_TOURNAMENT = graphql(`
  mutation JoinTournament($id: ID!) {
    joinTournament(id: $id) { __typename ... on Tournament { id registered } ... on Rejection { code message } }
  }
`);

export const LEAVE_TOURNAMENT = graphql(`
  mutation LeaveTournament($id: ID!) {
    leaveTournament(id: $id) { __typename ... on Tournament { id registered } ... on Rejection { code message } }
  }
`);

export const TOURNAMENT_EVENTS = graphql(`
  subscription TournamentEvents($id: ID!, $after: Int) {
    tournamentEvents(id: $id, after: $after) { seq type }
  }
`);

export const CHAT = graphql(`
  query Chat($id: ID!) {
    chat(matchId: $id) {
      lastSeq
      state { room quickOnly freeChat freeChatPlayers players mutedAll muted timedOutUntil maxLength }
      events {
        __typename seq type room at
        ... on ChatMessage { userId username text quick hidden }
        ... on ChatLineHidden { hiddenSeq }
        ... on FreeChatChanged { username on freeChatPlayers players }
      }
    }
  }
`);

export const MATCH_CHAT = graphql(`
  subscription MatchChat($id: ID!, $after: Int) {
    matchChat(matchId: $id, after: $after) {
      __typename seq type room at
      ... on ChatMessage { userId username text quick hidden }
      ... on ChatLineHidden { hiddenSeq }
      ... on FreeChatChanged { username on freeChatPlayers players }
    }
  }
`);

export const SEND_CHAT = graphql(`
  mutation SendChat($id: ID!, $text: String, $quick: QuickMessage) {
    sendChat(matchId: $id, text: $text, quick: $quick) {
      __typename ... on ChatMessage { seq } ... on Rejection { code message }
    }
  }
`);

export const SET_FREE_CHAT = graphql(`
  mutation SetFreeChat($id: ID!, $on: Boolean!) {
    setFreeChat(matchId: $id, on: $on) {
      __typename ... on ChatState { quickOnly freeChat freeChatPlayers players } ... on Rejection { code message }
    }
  }
`);

export const MUTE_CHAT = graphql(`
  mutation MuteChat($id: ID!, $username: String, $muted: Boolean!) {
    muteChat(matchId: $id, username: $username, muted: $muted) { mutedAll muted }
  }
`);

export const REPORT_LINE = graphql(`
  mutation ReportLine($username: String!, $id: ID!, $lines: [Int!]) {
    reportPlayer(username: $username, matchId: $id, reason: ABUSE, lines: $lines)
  }
`);

export const REPLAY_CHAT = graphql(`
  query ReplayChat($id: ID!) {
    replay(matchId: $id) { chat { seq room username text quick } }
  }
`);

export const FRIENDS = graphql(`
  query Friends {
    me {
      id
      blocked { username }
      following { user { username } online lastSeenAt playing { id ruleset players } }
    }
    myChallenges {
      id status ruleset ranked turnSeconds correspondenceHours expiresAt
      challenger { username } challenged { username }
    }
  }
`);

export const FOLLOW = graphql(`
  mutation Follow($username: String!) {
    followUser(username: $username) { __typename ... on Rejection { code message } }
  }
`);
export const UNFOLLOW = graphql(`
  mutation Unfollow($username: String!) {
    unfollowUser(username: $username) { __typename ... on Rejection { code message } }
  }
`);
export const BLOCK = graphql(`
  mutation Block($username: String!) {
    blockUser(username: $username) { __typename ... on Rejection { code message } }
  }
`);
export const UNBLOCK = graphql(`
  mutation Unblock($username: String!) {
    unblockUser(username: $username) { __typename ... on Rejection { code message } }
  }
`);

export const CHALLENGE = graphql(`
  mutation Challenge($username: String!, $ruleset: String!, $turnSeconds: Int, $correspondenceHours: Int, $ranked: Boolean!) {
    challenge(username: $username, ruleset: $ruleset, turnSeconds: $turnSeconds, correspondenceHours: $correspondenceHours, ranked: $ranked) {
      __typename ... on Challenge { id status } ... on Rejection { code message }
    }
  }
`);
export const ACCEPT_CHALLENGE = graphql(`
  mutation AcceptChallenge($id: ID!) {
    acceptChallenge(id: $id) { __typename ... on Challenge { id status matchId } ... on Rejection { code message } }
  }
`);
export const DECLINE_CHALLENGE = graphql(`
  mutation DeclineChallenge($id: ID!) {
    declineChallenge(id: $id) { __typename ... on Challenge { id status } ... on Rejection { code message } }
  }
`);
export const CANCEL_CHALLENGE = graphql(`
  mutation CancelChallenge($id: ID!) {
    cancelChallenge(id: $id) { __typename ... on Challenge { id status } ... on Rejection { code message } }
  }
`);

// The notices of playing together; a subscription of its own beside the lobby's
// myEvents (the server sends every notice to each), so neither depends on the other.
export const SOCIAL_EVENTS = graphql(`
  subscription SocialEvents {
    myEvents {
      __typename type kind matchId
      ... on ChallengeNotice { challenge { id status ruleset ranked turnSeconds correspondenceHours matchId challenger { username } challenged { username } } }
      ... on TournamentNotice { tournamentId round bye place points reason }
    }
  }
`);
