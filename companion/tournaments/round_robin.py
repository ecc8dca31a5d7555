"""Round Robin: 2 to 10 players, every pair once, a win 1 point, a draw half (T11, T25, TD1).

The schedule is the circle method: the first player stays, the others turn one place a round, so
nobody plays twice in a round (with an odd count one player sits out each round). Players tied for
first play a round robin among themselves (stage 2, 3, ...) until one is left; a tie-break stage in
which nobody separates is played again. Places below first go by points, then by the games between
the tied players, else shared (T25).
"""

from __future__ import annotations

from companion.tournaments.model import DRAW, Pairing, Progress, Result, Standing, TournamentSetup


def circle_rounds(players: list[str]) -> list[list[tuple[str, str]]]:
    """Rounds of pairs: every pair exactly once, nobody twice in a round."""
    turning: list[str | None] = list(players) + ([None] if len(players) % 2 else [])
    count = len(turning)
    rounds: list[list[tuple[str, str]]] = []
    for _ in range(count - 1):
        pairs = [(turning[i], turning[count - 1 - i]) for i in range(count // 2)]
        rounds.append([(a, b) for a, b in pairs if a is not None and b is not None])
        turning = [turning[0], turning[-1], *turning[1:-1]]
    return rounds


def pairing_key(stage: int, round_number: int, index: int) -> str:
    return f"S{stage}-R{round_number}-{index + 1}"


def _points(result: Result, pairing: Pairing, player: str) -> float:
    if result.outcome == DRAW:
        return 0.5
    return 1.0 if result.winner(pairing) == player else 0.0


def round_robin_progress(setup: TournamentSetup, results: list[Result]) -> Progress:
    by_key = {result.key: result for result in results}
    progress = Progress()
    stage_players = list(setup.players)
    main_points: dict[str, float] = dict.fromkeys(setup.players, 0.0)
    stage_reached: dict[str, int] = dict.fromkeys(setup.players, 1)
    last_stage_points: dict[str, float] = dict.fromkeys(setup.players, 0.0)
    record = {player: [0, 0, 0] for player in setup.players}  # wins, draws, losses over every stage
    main_games: list[tuple[Pairing, Result]] = []
    stage = 1
    while True:
        points = dict.fromkeys(stage_players, 0.0)
        complete = True
        for round_index, pairs in enumerate(circle_rounds(stage_players)):
            for index, (a, b) in enumerate(pairs):
                pairing = Pairing(pairing_key(stage, round_index + 1, index), stage, round_index + 1, a, b)
                progress.pairings.append(pairing)
                result = by_key.get(pairing.key)
                if result is None:
                    progress.pending.append(pairing)
                    complete = False
                    continue
                progress.settled[pairing.key] = result
                for player in (a, b):
                    gained = _points(result, pairing, player)
                    points[player] += gained
                    record[player][0 if gained == 1 else 1 if gained == 0.5 else 2] += 1
                if stage == 1:
                    main_games.append((pairing, result))
        for player in stage_players:
            stage_reached[player] = stage
            last_stage_points[player] = points[player]
        if stage == 1:
            main_points = dict(points)
        if not complete:
            break
        best = max(points.values())
        tied = [player for player in stage_players if points[player] == best]
        if len(tied) == 1:
            progress.winner = tied[0]
            break
        if stage > 1 and len(tied) == len(stage_players):
            progress.notes.append(f"tie-break {stage - 1} separated nobody ({', '.join(tied)}): played again (T11)")
        else:
            progress.notes.append(f"{', '.join(tied)} tied for first with {_shown(best)}: they play a round robin "
                                  "among themselves (T11)")
        stage_players = tied
        stage += 1
    progress.standings = _standings(list(setup.players), main_points, stage_reached, last_stage_points,
                                    main_games, record, progress.winner)
    return progress


def _shown(points: float) -> str:
    return f"{points:g} point{'s' if points != 1 else ''}"


def _standings(players: list[str], main_points: dict[str, float], stage_reached: dict[str, int],
               last_stage_points: dict[str, float], main_games: list[tuple[Pairing, Result]],
               record: dict[str, list[int]], winner: str | None) -> list[Standing]:
    def rank_key(player: str) -> tuple[float, int, float]:
        return (-main_points[player], -stage_reached[player], -last_stage_points[player])

    ordered = sorted(players, key=lambda p: (p != winner, rank_key(p), players.index(p)))
    rows: list[Standing] = []
    position = 0
    while position < len(ordered):
        group = [p for p in ordered[position:] if rank_key(p) == rank_key(ordered[position])
                 and (p == winner) == (ordered[position] == winner)]
        for place_offset, members in _split_by_games_between(group, main_games):
            for player in members:
                wins, draws, losses = record[player]
                rows.append(Standing(player, main_points[player], position + place_offset + 1, wins, draws, losses))
        position += len(group)
    return rows


def _split_by_games_between(group: list[str], games: list[tuple[Pairing, Result]]) -> list[tuple[int, list[str]]]:
    """Players level on points, ranked by their points in the games among themselves; still level: shared."""
    if len(group) == 1:
        return [(0, group)]
    among = dict.fromkeys(group, 0.0)
    for pairing, result in games:
        if pairing.a in among and pairing.b in among:
            for player in (pairing.a, pairing.b):
                among[player] += _points(result, pairing, player)
    levels = sorted(set(among.values()), reverse=True)
    split: list[tuple[int, list[str]]] = []
    offset = 0
    for level in levels:
        members = [p for p in group if among[p] == level]
        split.append((offset, members))
        offset += len(members)
    return split
