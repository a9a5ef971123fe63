from __future__ import annotations

from django.urls import path

from companion.tables import (
    app_views,
    club_views,
    language_views,
    ledger_views,
    player_views,
    views,
)

app_name = "tables"

game = "t/<str:key>/g/<int:number>/"
# A request's address is matched against each pattern in turn: a game's, the most asked for
# (the live poll of every phone, each entry), come first.
urlpatterns = [
    path(game + "live/", views.live, name="live"),
    path(game + "record/<str:kind>/", views.record, name="record"),
    path(game, views.game_page, name="game"),
    path(game + "undo/", views.undo, name="undo"),
    path(game + "abandon/", views.abandon, name="abandon"),
    path(game + "options/", views.game_options, name="options"),
    path(game + "void/<int:index>/", views.void, name="void"),
    path(game + "correct/<int:index>/", views.correct, name="correct"),
    path(game + "history/", views.history, name="history"),
    path(game + "hands/", views.hands, name="hands"),
    path(game + "log.json", views.export_log, name="export"),
    path(game + "scores.csv", views.export_csv, name="export_csv"),
    path("", views.home, name="home"),
    path("sw.js", app_views.service_worker, name="service_worker"),
    path("manifest.webmanifest", app_views.manifest, name="manifest"),
    path("offline/", app_views.offline, name="offline"),
    path("new/", views.table_new, name="new"),
    path("import/", views.import_log, name="import"),
    path("club/new/", club_views.club_new, name="club_new"),
    path("c/<str:key>/", club_views.club_page, name="club"),
    path("c/<str:key>/live/", club_views.club_live, name="club_live"),
    path("c/<str:key>/qr.svg", club_views.club_qr, name="club_qr"),
    path("c/<str:key>/tables/new/", club_views.club_table_new, name="club_table_new"),
    path("c/<str:key>/tables/add/", club_views.club_add, name="club_add"),
    path("c/<str:key>/tables/<int:table_id>/remove/", club_views.club_remove, name="club_remove"),
    path("t/<str:key>/", views.table_page, name="table"),
    path("t/<str:key>/players/", views.add_player, name="add_player"),
    path(
        "t/<str:key>/players/<int:player_id>/rename/",
        player_views.rename_player,
        name="rename_player",
    ),
    path(
        "t/<str:key>/players/<int:player_id>/remove/",
        player_views.remove_player,
        name="remove_player",
    ),
    path(
        "t/<str:key>/players/<int:player_id>/back/",
        player_views.seat_again,
        name="seat_again",
    ),
    path("t/<str:key>/language/", language_views.table_language, name="language"),
    path("t/<str:key>/start/", views.start_game, name="start"),
    path("t/<str:key>/ledger/", ledger_views.ledger, name="ledger"),
    path("t/<str:key>/ledger/settings/", ledger_views.ledger_settings, name="ledger_settings"),
    path("t/<str:key>/ledger/paid/", ledger_views.ledger_paid, name="ledger_paid"),
    path(
        "t/<str:key>/ledger/unpaid/<int:payment>/", ledger_views.ledger_unpaid, name="ledger_unpaid"
    ),
    path("t/<str:key>/qr/<str:role>.svg", views.qr, name="qr"),
]
