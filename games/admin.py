"""The club's control room. Read-only rows; every change goes through an admin action that
calls a service, so the log and the snapshot stay in step."""

import json

from django import forms
from django.contrib import admin, messages
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import services
from games.errors import GameError
from games.gamelog import game_log
from games.models import (
    ChatMessage,
    Edition,
    Game,
    Notification,
    Season,
    Seat,
    Status,
    TimeoutPolicy,
    Vacation,
)
from games.services import chat, timeouts
from games.services.bots import BOT_KINDS
from games.services.control import may_manage_games, user_by_username


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = [
        "position",
        "user",
        "is_bot",
        "bot_kind",
        "joined_at",
        "remind_at",
        "stand_in",
        "timeouts_in_row",
    ]
    readonly_fields = fields
    ordering = ["position"]


class EditionFilter(admin.SimpleListFilter):
    title = gettext_lazy("edition")
    parameter_name = "edition"

    def lookups(self, request, model_admin):
        return Edition.choices

    def queryset(self, request, queryset):
        if self.value():
            return queryset.filter(options__edition=self.value())
        return queryset


class ReplaceSeatForm(forms.Form):
    position = forms.TypedChoiceField(label=gettext_lazy("Seat"), coerce=int)
    username = forms.CharField(label=gettext_lazy("New member (username)"))
    bot_kind = forms.ChoiceField(
        label=gettext_lazy("Kind of bot (if the new member is a bot)"),
        choices=[(kind, kind) for kind in BOT_KINDS],
        required=False,
    )

    def __init__(self, *args, game: Game, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["position"].choices = [
            (seat.position, f"{seat.position + 1}: {seat.user}")
            for seat in game.seat_set.select_related("user").order_by("position")
        ]


class TimeoutPolicyForm(forms.Form):
    policy = forms.ChoiceField(
        label=gettext_lazy("When a player's time runs out"), choices=TimeoutPolicy.choices
    )


class ExtendDeadlineForm(forms.Form):
    hours = forms.IntegerField(
        label=gettext_lazy("Extra hours for the seat to act"),
        min_value=1,
        max_value=24 * 30,
        initial=24,
    )


# The seed and the state hold the order of the draw piles.
HIDDEN_WHILE_RUNNING = ("seed", "state")


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = [
        "id",
        "title",
        "status",
        "edition",
        "version",
        "host",
        "players_to_act",
        "deadline",
        "timeout_policy",
        "updated_at",
    ]
    list_filter = [
        "status",
        "timeout_policy",
        "pause_weekends",
        EditionFilter,
        ("seat_set__user", admin.RelatedOnlyFieldListFilter),
    ]
    search_fields = ["title", "host__username", "seat_set__user__username"]
    inlines = [SeatInline]
    # What staff see of a game: never its seed or raw state while it is open or running, not
    # even those who may change games (staff may be playing in it); the log as the table words
    # it, not as JSON rows. The replay export (an action for managers, with the seed) refuses
    # a game until it is over.
    readonly_fields = ["players_to_act", "pages", "readable_log"]
    OVER = (Status.FINISHED, Status.ABORTED)
    actions = [
        "abort",
        "force_pass",
        "replace_seat_user",
        "set_timeout_policy",
        "extend_deadline",
        "verify_replay",
        "export_replay",
        "restart_analysis",
    ]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def get_queryset(self, request):
        queryset = super().get_queryset(request).select_related("host")
        return queryset.prefetch_related("seat_set__user").distinct()

    def get_fields(self, request, obj=None) -> list[str]:
        hidden = {"to_act", "invite_token"}
        if obj is None or obj.status not in self.OVER:
            hidden |= set(HIDDEN_WHILE_RUNNING)
        fields = [f for f in super().get_fields(request, obj) if f not in hidden]
        # the readable parts first after the title; the log last
        extra = ["players_to_act", "pages", "readable_log"]
        rest = [f for f in fields if f not in extra]
        return [*rest[:1], "pages", "players_to_act", *rest[1:], "readable_log"]

    @admin.display(description=gettext_lazy("seats to act"))
    def players_to_act(self, game: Game) -> str:
        names = {seat.position: seat.user.display_name for seat in game.seat_set.all()}
        return ", ".join(names.get(position, str(position + 1)) for position in game.to_act) or "—"

    @admin.display(description=gettext_lazy("pages"))
    def pages(self, game: Game) -> str:
        table = reverse("games:detail", kwargs={"game_id": game.pk})
        if game.status != Status.FINISHED:
            return format_html('<a href="{}">{}</a>', table, _("The table"))
        replay = reverse("games:replay", kwargs={"game_id": game.pk})
        return format_html(
            '<a href="{}">{}</a> · <a href="{}">{}</a>', table, _("The table"), replay, _("Replay")
        )

    @admin.display(description=gettext_lazy("log"))
    def readable_log(self, game: Game) -> str:
        return render_to_string("games/_log.html", {"groups": game_log(game)})

    def has_manage_permission(self, request) -> bool:
        """The actions that change a game (or export its seed) need "Can change game"; the
        services check it again (games.services.control.may_manage_games)."""
        return may_manage_games(request.user)

    def _each(self, request, queryset, done: str, call) -> None:
        for game in queryset:
            try:
                call(game)
            except GameError as exc:
                self.message_user(request, f"{game}: {exc.message}", messages.ERROR)
            else:
                self.message_user(request, f"{game}: {done}", messages.SUCCESS)

    @admin.action(
        description=gettext_lazy("Abort the selected games (a finished one leaves the ratings)"),
        permissions=["manage"],
    )
    def abort(self, request, queryset):
        self._each(
            request,
            queryset,
            _("aborted"),
            lambda game: services.game_abort(game_id=game.pk, by=request.user),
        )

    @admin.action(
        description=gettext_lazy("Force a pass for the seat to act"), permissions=["manage"]
    )
    def force_pass(self, request, queryset):
        self._each(
            request,
            queryset,
            _("passed for the seat to act"),
            lambda game: services.seat_force_pass(game_id=game.pk, by=request.user),
        )

    @admin.action(description=gettext_lazy("Verify the replay of the log"), permissions=["view"])
    def verify_replay(self, request, queryset):
        for game in queryset:
            problems = services.game_verify(game=game)
            if problems:
                self.message_user(request, f"{game}: {'; '.join(problems)}", messages.ERROR)
            else:
                message = _("%(game)s: replays exactly") % {"game": game}
                self.message_user(request, message, messages.SUCCESS)

    @admin.action(
        description=gettext_lazy("Run the post-game analysis again (finished games)"),
        permissions=["manage"],
    )
    def restart_analysis(self, request, queryset):
        self._each(
            request,
            queryset,
            _("its analysis starts again"),
            lambda game: services.analysis_restart(game_id=game.pk, by=request.user),
        )

    @admin.action(
        description=gettext_lazy("Export the replay JSON (one finished game)"),
        permissions=["manage"],
    )
    def export_replay(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, _("Select exactly one game to export."), messages.ERROR)
            return None
        game = queryset.get()
        try:
            export = services.game_replay_export_for(game_id=game.pk, by=request.user)
        except GameError as exc:
            self.message_user(request, f"{game}: {exc.message}", messages.ERROR)
            return None
        response = HttpResponse(json.dumps(export, indent=1), content_type="application/json")
        response["Content-Disposition"] = f'attachment; filename="stpete-game-{game.pk}.json"'
        return response

    @admin.action(
        description=gettext_lazy("Replace a seat's member (one game)"), permissions=["manage"]
    )
    def replace_seat_user(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, _("Select exactly one game."), messages.ERROR)
            return None
        game = queryset.get()
        form = ReplaceSeatForm(request.POST if "apply" in request.POST else None, game=game)
        if form.is_valid():
            try:
                new_user = user_by_username(form.cleaned_data["username"])
                services.seat_replace_user(
                    game_id=game.pk,
                    position=form.cleaned_data["position"],
                    new_user=new_user,
                    by=request.user,
                    bot_kind=form.cleaned_data["bot_kind"],
                )
            except GameError as exc:
                form.add_error(None, exc.message)
            else:
                message = _("%(game)s: seat replaced") % {"game": game}
                self.message_user(request, message, messages.SUCCESS)
                return None
        context = {
            **self.admin_site.each_context(request),
            "title": _("Replace a seat's member"),
            "game": game,
            "form": form,
            "opts": self.model._meta,
            "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/games/game/replace_seat.html", context)

    def _form_action(self, request, queryset, *, form_class, action: str, title: str, call):
        """An action that asks for a value first (one intermediate page), then calls `call`."""
        form = form_class(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            self._each(request, queryset, _("done"), lambda game: call(game, form.cleaned_data))
            return None
        context = {
            **self.admin_site.each_context(request),
            "title": title,
            "games": queryset,
            "form": form,
            "action": action,
            "opts": self.model._meta,
            "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/games/game/action_form.html", context)

    @admin.action(description=gettext_lazy("Change the timeout policy"), permissions=["manage"])
    def set_timeout_policy(self, request, queryset):
        return self._form_action(
            request,
            queryset,
            form_class=TimeoutPolicyForm,
            action="set_timeout_policy",
            title=_("Change the timeout policy"),
            call=lambda game, data: timeouts.game_timeout_policy_set(
                game_id=game.pk, policy=data["policy"], by=request.user
            ),
        )

    @admin.action(
        description=gettext_lazy("Extend the deadline of the current turn"), permissions=["manage"]
    )
    def extend_deadline(self, request, queryset):
        return self._form_action(
            request,
            queryset,
            form_class=ExtendDeadlineForm,
            action="extend_deadline",
            title=_("Extend the deadline of the current turn"),
            call=lambda game, data: timeouts.game_deadline_extend(
                game_id=game.pk, hours=data["hours"], by=request.user
            ),
        )


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Notification)
class NotificationAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "user", "game", "kind", "channel", "status", "reason", "sent_at"]
    list_filter = ["kind", "channel", "status", "reason"]
    search_fields = ["user__username", "game__title", "text"]
    list_select_related = ["user", "game"]
    date_hierarchy = "created_at"


@admin.register(ChatMessage)
class ChatMessageAdmin(ReadOnlyAdmin):
    """The table chats; staff hide an abusive line (it stays on record, the table drops it)."""

    list_display = ["created_at", "game", "user", "text", "hidden"]
    list_filter = ["hidden"]
    search_fields = ["user__username", "game__title", "text"]
    list_select_related = ["user", "game"]
    date_hierarchy = "created_at"
    actions = ["hide"]

    def has_hide_permission(self, request) -> bool:
        """Hiding needs "Can change chat message" (the rows stay read-only otherwise); the
        service checks it again (games.services.chat.may_hide_chat)."""
        return chat.may_hide_chat(request.user)

    @admin.action(description=gettext_lazy("Hide the selected messages"), permissions=["hide"])
    def hide(self, request, queryset) -> None:
        ids = list(queryset.values_list("pk", flat=True))
        try:
            count = chat.chat_hide(message_ids=ids, by=request.user)
        except GameError as exc:
            self.message_user(request, exc.message, messages.ERROR)
            return
        text = ngettext("%(n)d message hidden.", "%(n)d messages hidden.", count) % {"n": count}
        self.message_user(request, text, messages.SUCCESS)


@admin.register(Vacation)
class VacationAdmin(ReadOnlyAdmin):
    list_display = ["user", "first_day", "last_day", "created_at"]
    search_fields = ["user__username"]
    list_select_related = ["user"]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    """Seasons are the club's to define: each gets its own table on the ratings page."""

    list_display = ["name", "starts_on", "ends_on", "table_link"]
    search_fields = ["name"]
    date_hierarchy = "starts_on"

    @admin.display(description=gettext_lazy("table"))
    def table_link(self, season: Season) -> str:
        url = reverse("games:season", args=[season.pk])
        return format_html('<a href="{}">{}</a>', url, _("Show the table"))
