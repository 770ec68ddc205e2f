"""What each member has seen of a game, so his next visit can mark what is new to him."""

from games.models import Seat


def seat_saw(*, seat: Seat | None, version: int) -> int:
    """Record that the member at `seat` was shown `version`; returns the version he had seen
    before (0 if never). Spectators (`seat` None) leave no mark. It never goes back: an older
    page read late does not unmark what he saw since."""
    if seat is None:
        return 0
    before = seat.seen_version
    if version > before:
        Seat.objects.filter(pk=seat.pk, seen_version__lt=version).update(seen_version=version)
        seat.seen_version = version
    return before
