"""Pages of playing over days: notifications, vacations, the e-mail settings link, reclaiming.

Thin views: parse, call a service or selector, render.
"""

from datetime import date

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from accounts.models import EmailPreference
from accounts.services import email_preference_set
from games import emails, selectors
from games.access import access_game
from games.errors import GameError
from games.models import Vacation
from games.services import timeouts, vacations


@login_required
def notifications_page(request: HttpRequest) -> HttpResponse:
    rows = selectors.notifications_for_user(request.user)
    return render(request, "games/notifications.html", {"rows": rows})


class EmailPreferenceForm(forms.Form):
    email_on_turn = forms.ChoiceField(
        label=gettext_lazy("E-mail when it is my turn"),
        choices=EmailPreference.choices,
        widget=forms.RadioSelect,
    )


@require_http_methods(["GET", "POST"])
def notify_settings(request: HttpRequest, token: str) -> HttpResponse:
    """The link at the foot of every e-mail: change the turn e-mail preference, no login."""
    user = emails.user_from_settings_token(token)
    if user is None:
        return render(request, "games/notify_settings.html", {"invalid": True}, status=404)
    form = EmailPreferenceForm(request.POST or None, initial={"email_on_turn": user.email_on_turn})
    if request.method == "POST" and form.is_valid():
        choice = form.cleaned_data["email_on_turn"]
        email_preference_set(user=user, email_on_turn=choice)
        messages.success(
            request, _("Saved: %(choice)s.") % {"choice": EmailPreference(choice).label}
        )
        return redirect("games:notify_settings", token=token)
    return render(request, "games/notify_settings.html", {"form": form, "member": user})


class VacationForm(forms.Form):
    first_day = forms.DateField(
        label=gettext_lazy("First day"), widget=forms.DateInput(attrs={"type": "date"})
    )
    last_day = forms.DateField(
        label=gettext_lazy("Last day"), widget=forms.DateInput(attrs={"type": "date"})
    )


class VacationNowForm(forms.Form):
    days = forms.IntegerField(label=gettext_lazy("Days"), min_value=1, max_value=366, initial=7)


@login_required
@require_http_methods(["GET", "POST"])
def vacation_page(request: HttpRequest) -> HttpResponse:
    user = request.user
    plan = VacationForm(request.POST if request.POST.get("do") == "plan" else None)
    now_form = VacationNowForm(request.POST if request.POST.get("do") == "now" else None)
    if request.method == "POST":
        try:
            if request.POST.get("do") == "plan" and plan.is_valid():
                vacations.vacation_schedule(
                    user=user,
                    first_day=plan.cleaned_data["first_day"],
                    last_day=plan.cleaned_data["last_day"],
                )
                messages.success(request, _("Your vacation is planned."))
                return redirect("games:vacation")
            if request.POST.get("do") == "now" and now_form.is_valid():
                vacations.vacation_start_now(user=user, days=now_form.cleaned_data["days"])
                messages.success(request, _("Enjoy your vacation! Your deadlines are paused."))
                return redirect("games:vacation")
            if request.POST.get("do") == "end":
                vacations.vacation_end(user=user, vacation_id=int(request.POST.get("id", 0)))
                messages.success(request, _("Your vacation is ended or cancelled."))
                return redirect("games:vacation")
        except (GameError, ValueError) as exc:
            messages.error(request, getattr(exc, "message", _("That did not work.")))
    today = vacations.today_for(user)
    context = {
        "plan": plan,
        "now_form": now_form,
        "today": today,
        "current": vacations.vacation_current(user, today),
        "upcoming": Vacation.objects.filter(user=user, last_day__gte=today).order_by("first_day"),
        "past": Vacation.objects.filter(
            user=user, last_day__lt=today, last_day__gte=date(today.year, 1, 1)
        ),
        "used": vacations.vacation_days_used(user, today.year),
        "left": vacations.vacation_days_left(user, today.year),
        "allowance": settings.VACATION_DAYS_PER_YEAR,
        "year": today.year,
    }
    return render(request, "games/vacation.html", context)


@require_POST
def seat_reclaim(request: HttpRequest, game_id: int) -> HttpResponse:
    """Take the seat back from the stand-in bot; JSON for the table, a redirect for a form."""
    wants_json = "application/json" in request.headers.get("Accept", "")
    try:
        if not request.user.is_authenticated:
            access_game(request.user, game_id)  # raises not_logged_in
        timeouts.seat_reclaim(game_id=game_id, user=request.user)
        game, seat = access_game(request.user, game_id)
    except GameError as exc:
        if wants_json:
            return JsonResponse(exc.as_dict(), status=exc.status)
        messages.error(request, exc.message)
        return redirect("games:detail", game_id=game_id)
    if wants_json:
        return JsonResponse(selectors.game_payload(game, seat))
    messages.success(request, _("Your seat is yours again."))
    return redirect("games:detail", game_id=game_id)
