"""Parsing what people send: the create-game form and the JSON body of a move."""

import json

from django import forms
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest
from django.http.request import RawPostDataException
from django.utils.functional import Promise, lazy
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.text import validate_one_line
from games import rules
from games.errors import GameError
from games.models import DAYS_PER_MOVE_CHOICES, BotLevel, ExpertThinking, TimeoutPolicy
from games.services.bots import BOT_KINDS
from games.texts.options import market_modules_note, option_help, option_name, value_name

BASE_OPTIONS = ("edition", "players")


class GameCreateForm(forms.Form):
    title = forms.CharField(
        label=gettext_lazy("Title"), max_length=80, required=False, validators=[validate_one_line]
    )
    edition = forms.ChoiceField(
        label=gettext_lazy("Edition"),
        choices=[],  # from the options schema (__init__)
    )
    seats = forms.TypedChoiceField(
        label=gettext_lazy("Players"),
        choices=[],  # from the options schema (__init__)
        coerce=int,
        initial=4,
    )
    days_per_move = forms.TypedChoiceField(
        label=gettext_lazy("Time per move"),
        choices=[("", gettext_lazy("No limit")), *DAYS_PER_MOVE_CHOICES],
        coerce=int,
        empty_value=None,
        required=False,
        initial=3,
    )
    pause_weekends = forms.BooleanField(
        label=gettext_lazy("Pause the clock on weekends"),
        help_text=gettext_lazy(
            "Saturdays and Sundays (UTC) do not count towards the time per move."
        ),
        required=False,
    )
    timeout_policy = forms.ChoiceField(
        label=gettext_lazy("When a player's time runs out"),
        choices=TimeoutPolicy.choices,
        initial=TimeoutPolicy.AUTO_PASS_THEN_BOT,
        required=False,
    )
    visibility = forms.ChoiceField(
        label=gettext_lazy("Who may join"),
        choices=[
            ("public", gettext_lazy("Any member (listed in open games)")),
            ("invite", gettext_lazy("Only people with the invitation link")),
        ],
        initial="public",
        widget=forms.RadioSelect,
    )
    bots = forms.TypedChoiceField(
        label=gettext_lazy("Bot opponents"),
        choices=[(n, str(n)) for n in range(4)],
        coerce=int,
        initial=0,
    )
    bot_kind = forms.ChoiceField(
        label=gettext_lazy("Level of the bots"),
        choices=[],  # the levels, weakest first (__init__)
        initial=BotLevel.GREEDY,
    )
    stand_in_level = forms.ChoiceField(
        label=gettext_lazy("Level of the stand-in bot"),
        help_text=gettext_lazy("It plays for a player who has run out of time three times."),
        choices=[],  # the levels, weakest first (__init__)
        initial=BotLevel.GREEDY,
        required=False,
    )
    expert_thinking = forms.ChoiceField(
        label=gettext_lazy("The expert's thinking"),
        help_text=gettext_lazy(
            "How long an expert bot thinks over each move, when one plays here (as a bot or "
            "as the stand-in): deeper thinking plays a little better and takes longer, at most "
            "two seconds."
        ),
        choices=ExpertThinking.choices,
        initial=ExpertThinking.STANDARD,
        required=False,
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        schema = rules.options_schema()
        edition = _schema_option(schema, "edition")
        self.fields["edition"].choices = [
            (value, value_name("edition", value)) for value in edition["values"]
        ]
        self.fields["edition"].initial = edition["default"]
        seats = _seat_counts(schema)
        self.fields["seats"].choices = [(n, str(n)) for n in seats]
        if max(seats) == _most_players(schema):  # what the most players change, and need
            self.fields["seats"].help_text = option_help("players")
        self.fields["bots"].choices = [(n, str(n)) for n in range(max(seats))]
        levels = [(level, BOT_LEVEL_NAMES[level]) for level in BOT_KINDS]
        self.fields["bot_kind"].choices = levels
        self.fields["stand_in_level"].choices = levels
        self.fields["bot_kind"].help_text = format_html(
            '<ul class="bot-levels">{}</ul>',
            format_html_join(
                "",
                "<li><b>{}</b>: {}</li>",
                ((BOT_LEVEL_NAMES[level], BOT_LEVEL_LINES[level]) for level in BOT_KINDS),
            ),
        )
        self.option_keys = []
        for option in schema["options"]:
            if option["key"] in BASE_OPTIONS:
                continue
            self.fields[option["key"]] = _option_field(option)
            self.option_keys.append(option["key"])

    def module_note(self) -> str:
        """The Market's Modules 3-6 in one warning beside the expansions: they need the Market,
        and all four together make a long game ("" while none of them is built)."""
        return market_modules_note(self.option_keys)

    def option_fields(self) -> list[forms.BoundField]:
        """The expansions' fields, in the schema's order (unbuilt ones shown disabled)."""
        return [self[key] for key in self.option_keys]

    def chosen_options(self) -> dict:
        """The expansions' options that were turned on, for `game_create(options=...)`."""
        data = self.cleaned_data
        return {key: data[key] for key in self.option_keys if data[key]}

    def clean_timeout_policy(self) -> str:
        return self.cleaned_data["timeout_policy"] or TimeoutPolicy.AUTO_PASS_THEN_BOT

    def clean_stand_in_level(self) -> str:
        return self.cleaned_data["stand_in_level"] or BotLevel.GREEDY

    def clean_expert_thinking(self) -> str:
        return self.cleaned_data["expert_thinking"] or ExpertThinking.STANDARD

    def clean(self):
        data = super().clean()
        if data.get("bots") is not None and data.get("seats") is not None:
            if data["bots"] >= data["seats"]:
                raise forms.ValidationError(_("Leave at least one seat for a person."))
            if data.get("bot_kind") not in BOT_KINDS:
                raise forms.ValidationError(_("Unknown kind of bot."))
        return data


# The lobby's name and one line on each bot level (BOT_KINDS), for people choosing opponents.
BOT_LEVEL_NAMES = {
    BotLevel.RANDOM: gettext_lazy("For beginners"),
    BotLevel.GREEDY: gettext_lazy("Greedy"),
    BotLevel.EXPERT: gettext_lazy("Expert"),
}
BOT_LEVEL_LINES = {
    BotLevel.RANDOM: gettext_lazy(
        "plays any legal move at random: a gentle table to learn the rules at."
    ),
    BotLevel.GREEDY: gettext_lazy(
        "takes whatever pays best right now, and keeps some rubles for later."
    ),
    BotLevel.EXPERT: gettext_lazy(
        "plays its best candidate moves out many times before it chooses; "
        "a strong opponent that thinks for a second or two."
    ),
}

MOVE_BODY_MAX = 16 * 1024  # bytes; a real move is well under 200


def _schema_option(schema: dict, key: str) -> dict:
    return next(option for option in schema["options"] if option["key"] == key)


def _most_players(schema: dict) -> int:
    """The largest table the engine knows (five), which needs an expansion."""
    return max(_schema_option(schema, "players")["values"])


def _seat_counts(schema: dict) -> list[int]:
    """The numbers of players the schema allows, the largest only once an option that allows
    it is built (`five_players_need_any_of`)."""
    built = {option["key"] for option in schema["options"] if option["built"]}
    allowed = any(built & set(keys) for keys in schema["five_players_need_any_of"].values())
    most = _most_players(schema)
    return [n for n in _schema_option(schema, "players")["values"] if n < most or allowed]


def _option_field(option: dict) -> forms.Field:
    """The form field of one expansion option; an option not built yet is shown disabled
    (and refused by the engine, naming it, if sent anyway)."""
    attrs = {} if option["built"] else {"disabled": True}
    help_text = option_help(option["key"]) if option["built"] else _("Not available yet.")
    if option["type"] == "bool":
        return forms.BooleanField(
            label=option_name(option["key"]),
            required=False,
            help_text=help_text,
            widget=forms.CheckboxInput(attrs=attrs),
        )
    return forms.TypedChoiceField(
        label=option_name(option["key"]),
        choices=[
            (
                "" if value is None else value,
                _("None") if value is None else value_name(option["key"], value),
            )
            for value in option["values"]
        ],
        coerce=str,
        empty_value=None,
        required=False,
        help_text=help_text,
        widget=forms.Select(attrs=attrs),
    )


_too_large_text = lazy(
    lambda: _("The request body is larger than %(limit)s bytes.") % {"limit": MOVE_BODY_MAX}, str
)


def read_move_body(request: HttpRequest) -> bytes:
    """The raw body of a move POST: JSON, at most MOVE_BODY_MAX bytes, else a GameError.

    A wrong content type is a 415, a larger body a 413 (checked on the declared length
    before anything is read, and again on what was read). The refusals here and in the
    parsers below are translated when answered: the move POST activates its member's
    language only once the game's reads have confirmed him (accounts.members).
    """
    if request.content_type != "application/json":
        raise GameError(
            "unsupported_media_type",
            gettext_lazy("Moves are sent as application/json."),
            status=415,
        )
    too_large = GameError(
        "request_too_large",
        _too_large_text(),
        status=413,
    )
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    if declared > MOVE_BODY_MAX:
        raise too_large
    try:
        body = request.body
    except RequestDataTooBig:
        raise too_large from None
    except RawPostDataException:
        raise GameError(
            "malformed_request", gettext_lazy("The request body could not be read."), status=400
        ) from None
    if len(body) > MOVE_BODY_MAX:
        raise too_large
    return body


def parse_move_body(body: bytes) -> tuple[dict, int, str | None]:
    """`(move, expected_version, client_id)` from a POST body, or GameError 400."""

    def bad(message: Promise) -> GameError:
        return GameError("malformed_request", message, status=400)

    try:
        data = json.loads(body or b"null")
    except (ValueError, UnicodeDecodeError, RecursionError):
        # RecursionError: nesting deeper than the parser's stack (a few thousand "[").
        raise bad(gettext_lazy("The request body is not JSON.")) from None
    if not isinstance(data, dict):
        raise bad(gettext_lazy("The request body must be a JSON object."))
    move, version, client_id = (
        data.get("move"),
        data.get("expected_version"),
        data.get("client_id"),
    )
    if not isinstance(move, dict):
        raise bad(gettext_lazy("The move must be a JSON object."))
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise bad(gettext_lazy("expected_version must be a whole number."))
    if client_id is not None and (
        not isinstance(client_id, str)
        or not 0 < len(client_id) <= 64
        or not client_id.isprintable()  # no NUL, control characters or lone surrogates
    ):
        raise bad(gettext_lazy("client_id must be a string of 1 to 64 characters."))
    return move, version, client_id


def parse_undo_body(body: bytes) -> int:
    """`expected_version` from the POST body of an undo, or GameError 400."""
    try:
        data = json.loads(body or b"null")
    except (ValueError, UnicodeDecodeError, RecursionError):
        data = None
    version = data.get("expected_version") if isinstance(data, dict) else None
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise GameError(
            "malformed_request",
            gettext_lazy("expected_version must be a whole number."),
            status=400,
        )
    return version
