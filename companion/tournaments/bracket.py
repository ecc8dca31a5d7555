"""Championship: a single-elimination bracket of 2 to 20 players (T11, T25).

The first round is filled to a power of two with byes, and standard seeding places them: with 8 slots
the pairs are 1-8, 4-5, 2-7, 3-6, so the byes (the seeds past the last player) meet the top seeds, and
no player can get two since byes exist in the first round only. A drawn match is replayed (T11, T24);
the losers of one round share a place (T25: two third places, four fifth places).
"""

from __future__ import annotations

from companion.tournaments.model import DRAW, Pairing, Progress, Result, Standing, TournamentSetup

BYE = ""  # an empty first-round slot


def bracket_size(players: int) -> int:
    size = 1
    while size < players:
        size *= 2
    return max(size, 2)


def seed_order(size: int) -> list[int]:
    """The seeds in slot order for a bracket of `size` slots: 1, 8, 4, 5, 2, 7, 3, 6 for 8."""
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def pairing_key(round_number: int, index: int) -> str:
    return f"R{round_number}-{index + 1}"


def round_name(round_number: int, rounds: int) -> str:
    left = rounds - round_number
    return {0: "Final", 1: "Semi-finals", 2: "Quarter-finals"}.get(left, f"Round {round_number}")


def _match_words(round_number: int, rounds: int, number: int) -> str:
    """A bracket match named as people say it: the final, semi-final 2, round 1 match 3."""
    name = round_name(round_number, rounds)
    if name == "Final":
        return "the final"
    if name in ("Semi-finals", "Quarter-finals"):
        return f"{name[:-1].lower()} {number}"
    return f"round {round_number} match {number}"


def bracket_progress(setup: TournamentSetup, results: list[Result]) -> Progress:
    players = list(setup.players)
    size = bracket_size(len(players))
    rounds = size.bit_length() - 1
    by_key: dict[str, list[Result]] = {}
    for result in results:
        by_key.setdefault(result.key, []).append(result)
    progress = Progress()
    slots: list[str | None] = [players[seed - 1] if seed <= len(players) else BYE for seed in seed_order(size)]
    awaited: list[str] = ["" for _ in slots]  # what an undecided slot waits for, in words
    out_in: dict[str, int] = {}
    wins: dict[str, int] = dict.fromkeys(players, 0)
    draws: dict[str, int] = dict.fromkeys(players, 0)
    for round_number in range(1, rounds + 1):
        next_slots: list[str | None] = []
        next_awaited: list[str] = []
        for index in range(0, len(slots), 2):
            a, b = slots[index], slots[index + 1]
            match_words = _match_words(round_number, rounds, index // 2 + 1)
            if a is None or b is None:  # someone still to be decided
                progress.to_come.append((round_number, a or awaited[index], b or awaited[index + 1]))
                next_slots.append(None)
                next_awaited.append(f"the winner of {match_words}")
                continue
            next_awaited.append(f"the winner of {a} v {b}")
            if BYE in (a, b):
                through = b if a == BYE else a
                progress.byes.append((round_number, through))
                next_slots.append(through)
                continue
            pairing = Pairing(pairing_key(round_number, index // 2), 1, round_number, a, b)
            progress.pairings.append(pairing)
            played = by_key.get(pairing.key, [])
            settled = next((r for r in played if r.outcome != DRAW), None)
            replays = [r for r in played if r.outcome == DRAW]
            for _ in replays:
                draws[a] += 1
                draws[b] += 1
            if replays:
                progress.notes.append(f"{a} v {b} drawn {len(replays)} time{'s' if len(replays) > 1 else ''}: "
                                      "replayed (T11)")
            if settled is None:
                progress.pending.append(pairing)
                next_slots.append(None)
                continue
            progress.settled[pairing.key] = settled
            winner = settled.winner(pairing)
            assert winner is not None
            loser = b if winner == a else a
            wins[winner] += 1
            out_in[loser] = round_number
            next_slots.append(winner)
        slots, awaited = next_slots, next_awaited
    champion = slots[0] if slots and slots[0] not in (None, BYE) else None
    progress.winner = champion
    progress.standings = _standings(players, size, out_in, wins, draws)
    return progress


def _standings(players: list[str], size: int, out_in: dict[str, int], wins: dict[str, int],
               draws: dict[str, int]) -> list[Standing]:
    """Still in (or champion) first, sharing first place until the final is played; then by the round
    lost in, later first: a round's losers share the place below everyone who went further,
    size / 2**round + 1 (T25)."""
    rows: list[Standing] = []
    still_in = [p for p in players if p not in out_in]
    for player in still_in:
        rows.append(Standing(player, float(wins[player]), 1, wins[player], draws[player], 0))
    for player in sorted((p for p in players if p in out_in), key=lambda p: (-out_in[p], players.index(p))):
        place = size // 2 ** out_in[player] + 1
        rows.append(Standing(player, float(wins[player]), place, wins[player], draws[player], 1, out_in[player]))
    return rows
