"""The only writers of accounts: sign-up, invite codes and the profile.

Views and forms validate input and call these; nothing else saves a `User` or an `InviteCode`
(Django's own auth views still set passwords and `last_login`, as they should).
"""

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.core import signing
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import EmailPreference, InviteCode, User

# How many usable invite codes one member may hold at a time, and how long a code lasts.
INVITES_OPEN_MAX = 5
INVITE_LIFETIME = timedelta(days=14)

# The profile fields a member may change on the profile page, in the page's order. Vacations
# are planned on the vacation page (games.services.vacations keeps the allowance and mirrors
# the next one onto the user).
PROFILE_FIELDS = (
    "display_name",
    "language",
    "time_zone",
    "email_on_turn",
    "email_delay_hours",
    "email_on_game_end",
    "page_public",
)


class SignupClosed(Exception):
    """Sign-up is closed for this club."""


class InviteError(Exception):
    """An invite code cannot be used or made; `message` says why, in the member's language."""

    def __init__(self, message: Any) -> None:
        super().__init__(str(message))
        self.message = message


def invite_problem(code: str) -> str | None:
    """Why `code` cannot sign anybody up now (a translated message), or None if it can.

    A read only: the use is counted by `invite_redeem`, which may still fail if someone else
    used the last place in between.
    """
    invite = InviteCode.objects.filter(code=code.strip().upper()).first()
    if invite is None:
        return _("This invite code does not exist. Please check it for typos.")
    if invite.expires_at is not None and invite.expires_at <= timezone.now():
        return _("This invite code has expired. Please ask for a new one.")
    if invite.uses >= invite.max_uses:
        return _("This invite code has already been used. Please ask for a new one.")
    return None


def invite_redeem(*, code: str) -> InviteCode:
    """Count one use of `code`, or raise InviteError when it is unknown, used up or expired.

    The use is counted with one conditional UPDATE, so two sign-ups racing for the last use of
    a code cannot both succeed: the database decides, not a read followed by a write.
    Call inside the sign-up transaction so a failed sign-up gives the use back.
    """
    code = code.strip().upper()
    now = timezone.now()
    counted = (
        InviteCode.objects.filter(code=code, uses__lt=F("max_uses"))
        .filter(Q(expires_at__isnull=True) | Q(expires_at__gt=now))
        .update(uses=F("uses") + 1)
    )
    if counted != 1:
        raise InviteError(invite_problem(code) or _("This invite code cannot be used."))
    return InviteCode.objects.get(code=code)


def invites_open_for(user: User) -> list[InviteCode]:
    """The member's invite codes that can still be used, newest first."""
    now = timezone.now()
    return [
        invite
        for invite in InviteCode.objects.filter(created_by=user).order_by("-created_at")
        if invite.is_usable(now)
    ]


@transaction.atomic
def invite_create(*, user: User, note: str = "") -> InviteCode:
    """Make a one-use invite code for `user` to hand on, valid for two weeks.

    Raises InviteError when the club is not in invite mode or the member already holds
    INVITES_OPEN_MAX usable codes. The member's row is locked so two quick clicks cannot both
    pass the limit.
    """
    if settings.SIGNUP_MODE != "invite":
        raise InviteError(_("This club does not use invite codes."))
    User.objects.select_for_update().filter(pk=user.pk).first()
    if len(invites_open_for(user)) >= INVITES_OPEN_MAX:
        raise InviteError(
            _("You already have %(count)d unused invite codes. Hand those on first.")
            % {"count": INVITES_OPEN_MAX}
        )
    return InviteCode.objects.create(
        created_by=user, max_uses=1, expires_at=timezone.now() + INVITE_LIFETIME, note=note[:200]
    )


@transaction.atomic
def user_signup(*, username: str, email: str, password: str, invite_code: str = "") -> User:
    """Create a member according to the club's SIGNUP_MODE.

    "open": anybody; "invite": `invite_code` must be usable, and one use is counted in the same
    transaction; "closed": raises SignupClosed. The form has already validated the username,
    e-mail and password. The language stays empty: the site follows the browser until the
    member picks one.
    """
    mode = settings.SIGNUP_MODE
    if mode == "closed":
        raise SignupClosed
    if mode == "invite":
        invite_redeem(code=invite_code)
    return User.objects.create_user(username=username, email=email, password=password)


def profile_update(*, user: User, **fields: Any) -> User:
    """Save the given profile fields of `user` (already validated by ProfileForm)."""
    unknown = set(fields) - set(PROFILE_FIELDS)
    if unknown:
        raise ValueError(f"not profile fields: {', '.join(sorted(unknown))}")
    for name, value in fields.items():
        setattr(user, name, value)
    user.full_clean(exclude=["password"], validate_unique=False)
    if "display_name" in fields and not user.is_bot:
        from accounts.names import name_problem

        problem = name_problem(user.public_name, user_id=user.pk)
        if problem:
            raise ValidationError({"display_name": problem})
    user.save(update_fields=sorted(fields))
    return user


def email_preference_set(*, user: User, email_on_turn: str) -> None:
    """Save how the member wants to hear of his turns (the settings link in every e-mail)."""
    if email_on_turn not in EmailPreference.values:
        raise ValueError(f"unknown e-mail preference {email_on_turn!r}")
    User.objects.filter(pk=user.pk).update(email_on_turn=email_on_turn)
    user.email_on_turn = email_on_turn


def user_language_set(*, user: User, language: str) -> None:
    """Remember the language chosen with the language switcher on the member's profile."""
    if language not in {code for code, _name in settings.LANGUAGES}:
        raise ValueError(f"unknown language {language!r}")
    User.objects.filter(pk=user.pk).update(language=language)
    user.language = language


SIGNUP_LINK_DAYS = 3
_SIGNUP_SALT = "accounts.services.signup-link"


class SignupLinkProblem(Exception):
    """A sign-up link that cannot create an account (expired, or its name was taken since)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def signup_link_token(
    *, username: str, email: str, password: str, invite_code: str = "", time_zone: str = ""
) -> str:
    """The signed token of a sign-up waiting for its e-mail address to be confirmed.

    Nothing is stored until the link is followed: the token carries the name, the address, the
    password's hash (never the password), the invite code and the browser's time zone, signed
    with the SECRET_KEY.
    """
    return signing.dumps(
        {"u": username, "e": email, "p": make_password(password), "i": invite_code, "z": time_zone},
        salt=_SIGNUP_SALT,
        compress=True,
    )


def signup_confirm(*, token: str) -> User:
    """Create the member of a sign-up link (see `user_signup` for the club's modes).

    The name is checked again as the sign-up form checked it: the link stays valid for days,
    and meanwhile another member may have taken the name or one that looks like it.
    """
    from accounts.names import name_problem

    try:
        data = signing.loads(token, salt=_SIGNUP_SALT, max_age=SIGNUP_LINK_DAYS * 86400)
    except signing.SignatureExpired:
        raise SignupLinkProblem(_("This sign-up link has expired. Please sign up again.")) from None
    except signing.BadSignature:
        raise SignupLinkProblem(_("This sign-up link does not work.")) from None
    if User.objects.filter(username__iexact=data["u"]).exists():
        raise SignupLinkProblem(_("This username was taken meanwhile. Please sign up again."))
    problem = name_problem(data["u"])
    if problem:
        raise SignupLinkProblem(
            _("%(problem)s Please sign up again with another username.") % {"problem": problem}
        )
    if User.objects.filter(email__iexact=data["e"]).exists():
        raise SignupLinkProblem(_("An account with this address exists. Log in instead."))
    with transaction.atomic():
        mode = settings.SIGNUP_MODE
        if mode == "closed":
            raise SignupClosed
        if mode == "invite":
            invite_redeem(code=data["i"])
        user = User(username=data["u"], email=data["e"], password=data["p"])
        if data.get("z"):  # links mailed before the zone was sent have none
            user.time_zone = data["z"]
        user.save()
    return user
