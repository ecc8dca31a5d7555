"""Tournaments (T11, T25): a Championship bracket of 2-20 players or a Round Robin of 2-10, for any
two-player ruleset. Pure like the rules core: `model` (setup, pairings, results), `bracket`,
`round_robin`, and `tournament` (the log of results, replayed)."""
