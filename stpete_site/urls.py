"""Root URLs: admin, accounts, games, language switch, and the friendly 404 for the rest."""

from django.contrib import admin
from django.urls import include, path, re_path

from accounts.views import language_set
from stpete_site.not_found import not_found

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("i18n/setlang/", language_set, name="set_language"),  # Django's, plus the profile
    path("", include("games.urls")),
    re_path(r"^(?P<path>.*)$", not_found),  # last: no debugging page for a stale link
]
