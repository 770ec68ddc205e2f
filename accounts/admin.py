"""Admin for members (with their profile) and invite codes."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import InviteCode, User


@admin.register(User)
class MemberAdmin(UserAdmin):
    list_display = (
        "username",
        "display_name",
        "email",
        "language",
        "time_zone",
        "is_staff",
        "is_bot",
        "date_joined",
        "last_login",
    )
    list_filter = ("is_staff", "is_superuser", "is_active", "is_bot", "language", "email_on_turn")
    search_fields = ("username", "display_name", "email", "first_name", "last_name")
    fieldsets = (
        *UserAdmin.fieldsets,
        (_("Profile"), {"fields": ("display_name", "language", "time_zone", "is_bot")}),
        (
            _("Notifications"),
            {"fields": ("email_on_turn", "email_delay_hours", "email_on_game_end")},
        ),
        (
            _("Vacation"),
            {"fields": ("vacation_start", "vacation_end", "last_turn_email_at", "last_digest_at")},
        ),
    )
    # Vacations are rows of games.Vacation (with the yearly allowance); these mirror the next.
    readonly_fields = ("vacation_start", "vacation_end", "last_turn_email_at", "last_digest_at")
    add_fieldsets = (
        *UserAdmin.add_fieldsets,
        (_("Profile"), {"fields": ("email", "display_name", "is_bot")}),
    )


@admin.register(InviteCode)
class InviteCodeAdmin(admin.ModelAdmin):
    list_display = ("code", "created_by", "uses", "max_uses", "expires_at", "usable", "created_at")
    list_filter = ("created_at", "expires_at")
    search_fields = ("code", "note", "created_by__username")
    readonly_fields = ("uses", "created_by", "created_at")
    fields = ("code", "max_uses", "expires_at", "note", "uses", "created_by", "created_at")
    date_hierarchy = "created_at"

    @admin.display(boolean=True, description=_("usable"))
    def usable(self, invite: InviteCode) -> bool:
        return invite.is_usable(timezone.now())

    def save_model(self, request: HttpRequest, obj: InviteCode, form: object, change: bool) -> None:
        if not change and obj.created_by is None:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)
