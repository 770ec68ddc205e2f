"""Thin views of the accounts pages: parse with a form, call a service, render or redirect."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django.views.i18n import set_language

from accounts import services
from accounts.forms import ProfileForm, SignupForm


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if settings.SIGNUP_MODE == "closed":
        return render(request, "accounts/signup_closed.html", status=403)
    if request.user.is_authenticated:
        return redirect("/")
    invite_from_link = request.GET.get("invite", "").strip().upper()
    if request.method == "POST":
        form = SignupForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            try:
                user = services.user_signup(
                    username=data["username"],
                    email=data["email"],
                    password=data["password1"],
                    invite_code=data.get("invite_code", ""),
                )
            except services.InviteError as error:
                form.add_error("invite_code", str(error.message))
            except IntegrityError:  # Someone took the name since the form checked it.
                form.add_error("username", _("This username is taken. Please choose another."))
            else:
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
                messages.success(
                    request,
                    _("Welcome to the club! Please check your time zone and notifications."),
                )
                return redirect("accounts:profile")
    else:
        form = SignupForm(initial={"invite_code": invite_from_link})
    invite_notice = None
    if invite_from_link and request.method == "GET" and "invite_code" in form.fields:
        invite_notice = services.invite_problem(invite_from_link)
    return render(request, "accounts/signup.html", {"form": form, "invite_notice": invite_notice})


@login_required
@require_http_methods(["GET", "POST"])
def profile(request: HttpRequest) -> HttpResponse:
    user = request.user
    if request.method == "POST":
        form = ProfileForm(request.POST, instance=user)
        if form.is_valid():
            services.profile_update(user=user, **form.changed_profile())
            messages.success(request, _("Your profile is saved."))
            response = redirect("accounts:profile")
            # Keep the language cookie in step: it outlives the session, and an old cookie
            # would otherwise beat the browser's language for a member who chose "browser".
            if user.language:
                response.set_cookie(settings.LANGUAGE_COOKIE_NAME, user.language)
            else:
                response.delete_cookie(settings.LANGUAGE_COOKIE_NAME)
            return response
    else:
        form = ProfileForm(instance=user)
    return render(request, "accounts/profile.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def invites(request: HttpRequest) -> HttpResponse:
    if request.method == "POST" and settings.SIGNUP_MODE == "invite":
        try:
            invite = services.invite_create(user=request.user)
        except services.InviteError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("New invite code: %(code)s") % {"code": invite.code})
        return redirect("accounts:invites")
    open_invites = services.invites_open_for(request.user)
    signup_url = request.build_absolute_uri(reverse("accounts:signup"))
    links = [(invite, f"{signup_url}?invite={invite.code}") for invite in open_invites]
    return render(
        request,
        "accounts/invites.html",
        {
            "links": links,
            "signup_url": signup_url,
            "can_create": len(open_invites) < services.INVITES_OPEN_MAX,
            "invites_max": services.INVITES_OPEN_MAX,
        },
    )


@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """Django's set_language (cookie and redirect), also saved on a member's profile."""
    response = set_language(request)
    language = request.POST.get("language", "")
    codes = {code for code, _name in settings.LANGUAGES}
    if request.user.is_authenticated and language in codes:
        services.user_language_set(user=request.user, language=language)
    return response


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A friendly page for an expired form (CSRF_FAILURE_VIEW), rendered with the request.

    A JSON request (the move POST) gets the API's error shape instead of a page.
    """
    if request.content_type == "application/json" or "application/json" in request.headers.get(
        "Accept", ""
    ):
        return JsonResponse(
            {
                "code": "csrf_failed",
                "message": _("The security token is missing or expired; please reload."),
                "version": None,
            },
            status=403,
        )
    return HttpResponseForbidden(render_to_string("403_csrf.html", {"reason": reason}, request))
