"""The toll: a decision kind registered the way an expansion registers one, with no dialog.

A player to act may send `{"kind": "toll"}`; that opens a `toll` decision for him, answered by
`toll_pay` with 0, 1 or 2 rubles (through the ledger). The table has no dialog for it, so it
offers one button per legal move; the live server plays the answer through the real engine.
"""

from games.rules.decisions import Decision, DecisionKind, register_decision
from games.rules.errors import IllegalMove
from games.rules.ledger import post
from games.rules.moves import Move, MoveKind, register_move_kind

TOLLS = (0, 1, 2)


def _open(state, seat, move, events):
    return state.evolve(decisions=(*state.decisions, Decision("toll", seat)))


def _pay(state, decision, move, events, planned):
    if move.points not in TOLLS or move.points > state.players[decision.seat].money:
        raise IllegalMove("too_many_points")
    player, entry = post(state.players[decision.seat], decision.seat, "toll", -move.points)
    events.append(entry)
    return state.with_player(decision.seat, player)


register_move_kind(MoveKind("toll", (), (), _open))
register_move_kind(MoveKind("toll_pay", ("points",), (), None))
register_decision(
    DecisionKind(
        "toll",
        answers=("toll_pay",),
        moves=lambda state, d: [
            Move("toll_pay", points=k) for k in TOLLS if k <= state.players[d.seat].money
        ],
        apply=_pay,
        default=lambda state, d: Move("toll_pay", points=0),
    )
)
