"""Club members. The profile lives on the user row: one member, one row, no joins."""

import zoneinfo

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class EmailPreference(models.TextChoices):
    IMMEDIATELY = "immediately", _("At once")
    DELAYED = "delayed", _("After some hours")
    DIGEST = "digest", _("Daily digest only")
    NEVER = "never", _("Never")


class User(AbstractUser):
    """A club member; `display_name` is what other players see."""

    display_name = models.CharField(_("display name"), max_length=40, blank=True)
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
    is_bot = models.BooleanField(
        _("bot"), default=False, help_text=_("A computer player; never logs in.")
    )

    class Meta:
        verbose_name = _("member")
        verbose_name_plural = _("members")

    def __str__(self) -> str:
        return self.public_name

    @property
    def public_name(self) -> str:
        return self.display_name or self.username

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        try:
            return zoneinfo.ZoneInfo(self.time_zone)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            return zoneinfo.ZoneInfo("UTC")


class InviteCode(models.Model):
    """A code that lets someone sign up while SIGNUP_MODE is "invite"."""

    code = models.CharField(_("code"), max_length=32, unique=True)
    created_by = models.ForeignKey(
        User, null=True, blank=True, on_delete=models.SET_NULL, related_name="invites_made"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    max_uses = models.PositiveIntegerField(_("maximum uses"), default=1)
    uses = models.PositiveIntegerField(_("uses"), default=0)
    expires_at = models.DateTimeField(_("expires"), null=True, blank=True)
    note = models.CharField(_("note"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("invite code")
        verbose_name_plural = _("invite codes")

    def __str__(self) -> str:
        return self.code
