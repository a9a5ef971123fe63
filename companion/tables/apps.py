from __future__ import annotations

from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "companion.tables"
    label = "tables"
    verbose_name = "Tables"
