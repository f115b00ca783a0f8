# Match persistence (match, seats, rounds, event log, snapshots) is added by the issues
# that build it; the app is installed now so its migrations start from a known state.
