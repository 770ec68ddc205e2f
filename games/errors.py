"""The one error the game services raise: a stable code, a sentence, an HTTP status."""

from django.utils.functional import Promise
from django.utils.translation import gettext as _


class GameError(Exception):
    """A request the services refuse.

    `code` is a stable snake_case string (an engine code such as `cannot_afford`, or one of
    ours: `stale_version`, `game_not_running`, `not_your_seat`, …); `message` is for people;
    `status` is the HTTP status a view answers with; `version` is the game's current version
    where that helps a client resynchronise. `message` may be lazy: it is translated when
    answered (`as_dict`).
    """

    def __init__(
        self,
        code: str,
        message: str | Promise,
        *,
        status: int = 422,
        version: int | None = None,
        retry_after: int | None = None,
    ) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.status = status
        self.version = version
        self.retry_after = retry_after  # seconds, for a refusal that passes (429)

    def as_dict(self) -> dict:
        """The answer's body; a lazy `message` is translated now, in the active language."""
        return {"code": self.code, "message": str(self.message), "version": self.version}


# Kept for the name the design notes use for move errors.
MoveRejected = GameError


def not_found() -> GameError:
    return GameError("not_found", _("There is no such game."), status=404)


def stale_version(current: int) -> GameError:
    """Someone acted first: the client's version is no longer the game's."""
    return GameError(
        "stale_version", _("The game has moved on; please reload."), status=409, version=current
    )
