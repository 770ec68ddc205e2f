"""Thin views of the accounts pages: parse with a form, call a service, render or redirect."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.mail import send_mail
from django.db import IntegrityError
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django.views.i18n import set_language

from accounts import ratelimit, services
from accounts.forms import LoginForm, ProfileForm, SignupForm
from accounts.models import User


class LoginView(auth_views.LoginView):
    """Django's login with the failed-login limits; a good login marks the browser as one the
    member uses, where the per-account limit never locks him out (accounts.ratelimit)."""

    template_name = "accounts/login.html"
    authentication_form = LoginForm
    redirect_authenticated_user = True

    def form_valid(self, form: LoginForm) -> HttpResponse:
        response = super().form_valid(form)
        ratelimit.known_browser_mark(
            response, form.get_user().get_username(), secure=not settings.DEBUG
        )
        return response


def _next_url(request: HttpRequest) -> str:
    """Where the member was going before we asked him to sign up (an invitation, say); only
    addresses on this site, else ""."""
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return wanted if safe else ""


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if settings.SIGNUP_MODE == "closed":
        return render(request, "accounts/signup_closed.html", status=403)
    if request.user.is_authenticated:
        return redirect("/")
    invite_from_link = request.GET.get("invite", "").strip().upper()
    next_url = _next_url(request)
    if request.method == "POST":
        form = SignupForm(request.POST)
        if form.is_valid():
            _signup_mail(request, form.cleaned_data, next_url)
            return render(request, "accounts/signup_sent.html")
    else:
        form = SignupForm(initial={"invite_code": invite_from_link})
    invite_notice = None
    if invite_from_link and request.method == "GET" and "invite_code" in form.fields:
        invite_notice = services.invite_problem(invite_from_link)
    return render(
        request,
        "accounts/signup.html",
        {"form": form, "invite_notice": invite_notice, "next": next_url},
    )


def _signup_mail(request: HttpRequest, data: dict, next_url: str = "") -> None:
    """Mail a link that creates the account, or, if the address has an account already, tell
    its owner: the page says the same in both cases, so it tells nobody which addresses are
    registered. Both count against the e-mail limits of the password reset. The link carries
    `next_url` (an invitation, say), where the confirmed member goes."""
    if not ratelimit.reset_mail_allowed(data["email"], request):
        return
    owner = User.objects.filter(email__iexact=data["email"]).first()
    if owner is not None:
        with translation.override(owner.language or translation.get_language()):
            send_mail(
                _("Someone tried to sign up with your address at stpete"),
                render_to_string(
                    "accounts/email/signup_address_in_use.txt",
                    {"user": owner, "reset_url": _absolute(request, "accounts:password_reset")},
                ),
                None,
                [owner.email],
            )
        return
    token = services.signup_link_token(
        username=data["username"],
        email=data["email"],
        password=data["password1"],
        invite_code=data.get("invite_code", ""),
        time_zone=data.get("time_zone", ""),
    )
    send_mail(
        _("Confirm your stpete sign-up"),
        render_to_string(
            "accounts/email/signup_confirm.txt",
            {
                "username": data["username"],
                "link": _absolute(request, "accounts:signup_confirm", token)
                + (f"?{urlencode({'next': next_url})}" if next_url else ""),
                "days": services.SIGNUP_LINK_DAYS,
            },
        ),
        None,
        [data["email"]],
    )


def _absolute(request: HttpRequest, name: str, *args: str) -> str:
    return request.build_absolute_uri(reverse(name, args=args))


@require_http_methods(["GET", "POST"])
def signup_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """The link from the sign-up e-mail: a button (so a mail scanner opening the link creates
    nothing), then the account, logged in."""
    problem = None
    if request.method == "POST":
        try:
            user = services.signup_confirm(token=token)
        except services.SignupLinkProblem as error:
            problem = error.message
        except services.InviteError as error:
            problem = str(error.message)
        except services.SignupClosed:
            return render(request, "accounts/signup_closed.html", status=403)
        except IntegrityError:
            problem = _("This username was taken meanwhile. Please sign up again.")
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(
                request, _("Welcome to the club! Please check your time zone and notifications.")
            )
            return redirect(_next_url(request) or "accounts:profile")
    return render(request, "accounts/signup_confirm.html", {"problem": problem})


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
