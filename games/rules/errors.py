"""Errors the engine raises: an illegal move (with a stable code) and invalid game options."""

from __future__ import annotations

from typing import Any

# Every code IllegalMove may carry, with the sentence a player sees; documented in docs/moves.md.
MESSAGES: dict[str, str] = {
    "malformed_move": "That move is not written the way the server expects.",
    "game_over": "The game is over.",
    "not_your_turn": "It is not your turn.",
    "no_such_card": "That card is not available for this action.",
    "cannot_afford": "You do not have enough rubles.",
    "hand_full": "Your hand is full.",
    "must_buy_worker": "In the first worker phase you must buy a worker until you have two.",
    "must_displace": "A trading card must displace a card of its colour in your area.",
    "cannot_displace": "That card cannot be displaced by this trading card.",
    "not_now": "That action is not possible at this moment.",
    "observatory_used": "That Observatory has already been used this round.",
    "pile_too_small": "The Observatory may not draw the last card of a pile.",
    "no_such_pile": "This game has no such pile.",
    "too_many_points": "You cannot buy that many points.",
    "no_pub": "You own no Pub.",
    "good_taken": "That good's tile is not in the supply.",
    "no_orange_card": "You own no orange market card.",
    "too_early": "Events can be used from round 2 on.",
    "event_used": "That event has been used already.",
    "one_event_each": "You have used your event already.",
    "event_impossible": "That event cannot be used now.",
    "twin_together": "The Twin's pair is taken together, in one action.",
    "bonus_not_offered": "This obstacle does not offer that bonus.",
}


class IllegalMove(Exception):
    """A move the rules do not allow; `code` is stable, `message` is for the player.

    `params` say which case of the code it is (`reason`, the pending `decision`, the `move`
    kind) and carry its numbers (`price`, `money`, `limit`, `why`): the server words a
    refusal from the code and these, in the reader's language, never from `message`.
    """

    def __init__(self, code: str, message: str | None = None, **params: Any) -> None:
        self.code = code
        self.message = message or MESSAGES.get(code, "That move is not allowed.")
        self.params: dict[str, Any] = params
        super().__init__(f"{code}: {self.message}")


class InvalidOptions(ValueError):
    """Game options that do not describe a playable game.

    `code` is stable (docs/architecture.md lists them), `option` names the option at fault and
    the message names the problem in English.
    """

    def __init__(self, code: str, message: str, option: str | None = None) -> None:
        self.code = code
        self.message = message
        self.option = option
        super().__init__(message)
