"""Forms of the accounts pages. They validate; the services in accounts.services write."""

import zoneinfo
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import password_validation
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from accounts import ratelimit
from accounts.models import EmailPreference, User
from accounts.names import name_problem
from accounts.services import PROFILE_FIELDS, invite_problem

# The zones offered on the profile page: where club members are likely to live. A member whose
# stored zone is not in this list still sees it offered (see ProfileForm.__init__).
COMMON_TIME_ZONES = [
    "UTC",
    "Europe/Amsterdam",
    "Europe/Athens",
    "Europe/Berlin",
    "Europe/Brussels",
    "Europe/Bucharest",
    "Europe/Budapest",
    "Europe/Copenhagen",
    "Europe/Dublin",
    "Europe/Helsinki",
    "Europe/Istanbul",
    "Europe/Kyiv",
    "Europe/Lisbon",
    "Europe/London",
    "Europe/Luxembourg",
    "Europe/Madrid",
    "Europe/Moscow",
    "Europe/Oslo",
    "Europe/Paris",
    "Europe/Prague",
    "Europe/Rome",
    "Europe/Stockholm",
    "Europe/Vienna",
    "Europe/Warsaw",
    "Europe/Zurich",
    "Africa/Cairo",
    "Africa/Johannesburg",
    "America/Chicago",
    "America/Denver",
    "America/Los_Angeles",
    "America/Mexico_City",
    "America/New_York",
    "America/Sao_Paulo",
    "America/Toronto",
    "Asia/Dubai",
    "Asia/Jerusalem",
    "Asia/Kolkata",
    "Asia/Shanghai",
    "Asia/Singapore",
    "Asia/Tokyo",
    "Australia/Sydney",
    "Pacific/Auckland",
]

LANGUAGE_CHOICES = [("", _("Follow my browser")), ("en", "English"), ("de", "Deutsch")]


def zone_is_valid(name: str) -> bool:
    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return False
    return True


class LoginForm(auth_forms.AuthenticationForm):
    """Django's login form with a limit on failed attempts (see accounts.ratelimit)."""

    error_messages = {
        **auth_forms.AuthenticationForm.error_messages,
        "too_many": _(
            "Too many failed logins for this name. Please wait a quarter of an hour, "
            "or reset your password."
        ),
    }

    def clean(self) -> dict[str, Any]:
        username = self.cleaned_data.get("username") or ""
        if username and ratelimit.login_blocked(username, self.request):
            raise forms.ValidationError(self.error_messages["too_many"], code="too_many")
        try:
            cleaned = super().clean()
        except forms.ValidationError:
            if username:
                ratelimit.login_failed(username, self.request)
            raise
        ratelimit.login_succeeded(username, self.request)
        return cleaned


class SignupForm(forms.Form):
    """Username, e-mail, password twice and, when the club wants one, an invite code."""

    username = forms.CharField(
        label=_("Username"),
        max_length=150,
        validators=[User.username_validator],
        help_text=_("Letters, digits and @ . + - _ only. Others see your display name."),
        widget=forms.TextInput(attrs={"autocomplete": "username", "autofocus": True}),
    )
    email = forms.EmailField(
        label=_("E-mail address"),
        help_text=_("For turn notifications and password resets; never shown to others."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    password1 = forms.CharField(
        label=_("Password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=password_validation.password_validators_help_text_html(),
    )
    password2 = forms.CharField(
        label=_("Password again"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    invite_code = forms.CharField(label=_("Invite code"), max_length=32, required=False)
    # Filled in by static/js/site.js with the browser's zone, so a new member's deadlines and
    # e-mails are in her time from the start (not UTC); empty without JavaScript.
    time_zone = forms.CharField(
        max_length=64, required=False, widget=forms.HiddenInput(attrs={"data-browser-zone": ""})
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if settings.SIGNUP_MODE != "invite":
            del self.fields["invite_code"]
        else:
            self.fields["invite_code"].required = True
            self.fields["invite_code"].help_text = _("This club is by invitation: ask a member.")

    def clean_time_zone(self) -> str:
        """The browser's zone if it is a real one, else "" (the default, UTC, stays)."""
        zone = self.cleaned_data["time_zone"].strip()
        return zone if zone and zone_is_valid(zone) else ""

    def clean_username(self) -> str:
        username = self.cleaned_data["username"]
        if User.objects.filter(username__iexact=username).exists():
            raise forms.ValidationError(_("This username is taken. Please choose another."))
        problem = name_problem(username)  # shown to others while there is no display name
        if problem:
            raise forms.ValidationError(problem)
        return username

    def clean_email(self) -> str:
        # Whether the address is registered is never said here: the page answers the same
        # either way and the address's owner hears by e-mail (accounts.views.signup).
        return User.objects.normalize_email(self.cleaned_data["email"])

    def clean_invite_code(self) -> str:
        code = self.cleaned_data["invite_code"].strip().upper()
        problem = invite_problem(code)
        if problem:
            raise forms.ValidationError(problem)
        return code

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        password1, password2 = cleaned.get("password1"), cleaned.get("password2")
        if password1 and password2 and password1 != password2:
            self.add_error("password2", _("The two passwords differ."))
        elif password1:
            candidate = User(username=cleaned.get("username", ""), email=cleaned.get("email", ""))
            try:
                password_validation.validate_password(password1, candidate)
            except forms.ValidationError as error:
                self.add_error("password1", error)
        return cleaned


class ProfileForm(forms.ModelForm):
    """Display name, language, time zone and notifications (vacations: the vacation page)."""

    language = forms.ChoiceField(label=_("Language"), choices=LANGUAGE_CHOICES, required=False)
    time_zone = forms.ChoiceField(label=_("Time zone"))
    email_on_turn = forms.ChoiceField(
        label=_("E-mail when it is my turn"),
        choices=EmailPreference.choices,
        widget=forms.RadioSelect,
    )
    email_delay_hours = forms.IntegerField(
        label=_("Hours to wait"),
        min_value=1,
        max_value=72,
        help_text=_("Used with “after some hours”: no e-mail if you move before then."),
    )

    class Meta:
        model = User
        fields = list(PROFILE_FIELDS)
        labels = {
            "display_name": _("Display name"),
            "email_on_game_end": _("E-mail me when a game ends"),
            "page_public": _("Visitors who are not members may see my player page"),
        }
        help_texts = {
            "display_name": _("What other players see; empty: your username."),
            "page_public": _("Your rating, results and games. Members always see it."),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        zones = list(COMMON_TIME_ZONES)
        current = self.instance.time_zone
        if current and current not in zones and zone_is_valid(current):
            zones.insert(1, current)
        self.fields["time_zone"].choices = [(zone, zone.replace("_", " ")) for zone in zones]

    def clean_display_name(self) -> str:
        name = self.cleaned_data["display_name"].strip()
        problem = name_problem(name or self.instance.username, user_id=self.instance.pk)
        if problem:
            raise forms.ValidationError(problem)
        return name

    def clean_time_zone(self) -> str:
        zone = self.cleaned_data["time_zone"]
        if not zone_is_valid(zone):
            raise forms.ValidationError(_("Unknown time zone."))
        return zone

    def changed_profile(self) -> dict[str, Any]:
        """The cleaned values, ready for services.profile_update."""
        return {name: self.cleaned_data[name] for name in self.Meta.fields}


class PasswordResetForm(auth_forms.PasswordResetForm):
    """Sends the reset e-mail in the member's own language (else the page's), within the
    limits per address and per client (accounts.ratelimit.reset_mail_allowed)."""

    def save(self, *args: Any, request=None, **kwargs: Any) -> None:
        if ratelimit.reset_mail_allowed(self.cleaned_data["email"], request):
            super().save(*args, request=request, **kwargs)

    def send_mail(self, *args: Any, **kwargs: Any) -> None:
        context = args[2] if len(args) > 2 else kwargs["context"]
        language = context["user"].language or translation.get_language()
        with translation.override(language):
            super().send_mail(*args, **kwargs)
