from __future__ import annotations

from django.urls import include, path

from companion import views
from companion.tables import rules_views

urlpatterns = [
    path("healthz", views.healthz, name="healthz"),
    path("rules/", include(rules_views)),
    path("", include("companion.tables.urls")),
]
