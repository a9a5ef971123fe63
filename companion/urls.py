from __future__ import annotations

from django.urls import include, path

from companion import views
from companion.tables import rules_views

urlpatterns = [
    path("", include("companion.tables.urls")),  # first: the games' addresses (tables/urls.py)
    path("healthz", views.healthz, name="healthz"),
    path("rules/", include(rules_views)),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the language switch
]
