"""Club members. The profile lives on the user row: one member, one row, no joins."""

import secrets
import zoneinfo
from datetime import datetime

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from accounts.text import validate_one_line

# Letters and digits that cannot be mistaken for one another when read aloud or typed.
INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
INVITE_CODE_LENGTH = 10


def invite_code_new() -> str:
    """A fresh random invite code (the default for new codes, also in the admin)."""
    return "".join(secrets.choice(INVITE_ALPHABET) for _ in range(INVITE_CODE_LENGTH))


class EmailPreference(models.TextChoices):
    IMMEDIATELY = "immediately", _("At once")
    DELAYED = "delayed", _("After some hours")
    DIGEST = "digest", _("Daily digest only")
    NEVER = "never", _("Never")


class User(AbstractUser):
    """A club member; `display_name` is what other players see."""

    display_name = models.CharField(
        _("display name"), max_length=40, blank=True, validators=[validate_one_line]
    )
    language = models.CharField(
        _("language"),
        max_length=8,
        blank=True,
        choices=[("en", "English"), ("de", "Deutsch")],
        help_text=_("Empty: follow the browser."),
    )
    time_zone = models.CharField(_("time zone"), max_length=64, default="UTC")
    email_on_turn = models.CharField(
        _("e-mail when it is my turn"),
        max_length=16,
        choices=EmailPreference.choices,
        default=EmailPreference.IMMEDIATELY,
    )
    email_delay_hours = models.PositiveSmallIntegerField(_("delay in hours"), default=4)
    email_on_game_end = models.BooleanField(_("e-mail when a game ends"), default=True)
    vacation_start = models.DateField(_("vacation from"), null=True, blank=True)
    vacation_end = models.DateField(_("vacation until"), null=True, blank=True)
    last_turn_email_at = models.DateTimeField(
        _("last turn e-mail"), null=True, blank=True, editable=False
    )
    last_digest_at = models.DateTimeField(
        _("last daily digest"), null=True, blank=True, editable=False
    )
    is_bot = models.BooleanField(
        _("bot"), default=False, help_text=_("A computer player; never logs in.")
    )
    page_public = models.BooleanField(
        _("player page visible to everyone"),
        default=False,
        db_default=False,
        help_text=_("Off: only members of the club see your player page."),
    )

    class Meta:
        verbose_name = _("member")
        verbose_name_plural = _("members")
        constraints = [
            models.CheckConstraint(
                condition=Q(vacation_start__isnull=True)
                | Q(vacation_end__isnull=True)
                | Q(vacation_end__gte=F("vacation_start")),
                name="vacation_ends_after_it_starts",
            ),
        ]

    def __str__(self) -> str:
        return self.public_name

    @property
    def public_name(self) -> str:
        return self.display_name or self.username

    @property
    def has_vacation_planned(self) -> bool:
        """Whether any vacation of his may still be current or ahead.

        The mirror holds his current or next vacation and is refreshed whenever a vacation is
        planned or ended (games.services.vacations); empty, he has none now or later, so the
        hot paths (deadlines, the player list of every push) skip the vacation table.
        """
        return self.vacation_start is not None

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        try:
            return zoneinfo.ZoneInfo(self.time_zone)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            return zoneinfo.ZoneInfo("UTC")


class InviteCode(models.Model):
    """A code that lets someone sign up while SIGNUP_MODE is "invite"."""

    code = models.CharField(_("code"), max_length=32, unique=True, default=invite_code_new)
    created_by = models.ForeignKey(
        User, null=True, blank=True, on_delete=models.SET_NULL, related_name="invites_made"
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    max_uses = models.PositiveIntegerField(_("maximum uses"), default=1)
    uses = models.PositiveIntegerField(_("uses"), default=0)
    expires_at = models.DateTimeField(_("expires"), null=True, blank=True)
    note = models.CharField(_("note"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("invite code")
        verbose_name_plural = _("invite codes")
        ordering = ["-created_at"]
        constraints = [
            # The conditional UPDATE in services.invite_redeem relies on this never being false.
            models.CheckConstraint(
                condition=Q(uses__lte=F("max_uses")), name="invite_uses_within_max"
            ),
        ]

    def __str__(self) -> str:
        return self.code

    def is_usable(self, now: datetime) -> bool:
        """Whether the code can still sign somebody up at `now`."""
        return self.uses < self.max_uses and (self.expires_at is None or self.expires_at > now)
