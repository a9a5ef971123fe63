from __future__ import annotations

from django.urls import path

from companion.tables import views

app_name = "tables"

game = "t/<str:key>/g/<int:number>/"
urlpatterns = [
    path("", views.home, name="home"),
    path("new/", views.table_new, name="new"),
    path("import/", views.import_log, name="import"),
    path("t/<str:key>/", views.table_page, name="table"),
    path("t/<str:key>/players/", views.add_player, name="add_player"),
    path("t/<str:key>/start/", views.start_game, name="start"),
    path("t/<str:key>/qr/<str:role>.svg", views.qr, name="qr"),
    path(game, views.game_page, name="game"),
    path(game + "record/<str:kind>/", views.record, name="record"),
    path(game + "undo/", views.undo, name="undo"),
    path(game + "options/", views.game_options, name="options"),
    path(game + "void/<int:index>/", views.void, name="void"),
    path(game + "correct/<int:index>/", views.correct, name="correct"),
    path(game + "live/", views.live, name="live"),
    path(game + "log.json", views.export_log, name="export"),
    path(game + "scores.csv", views.export_csv, name="export_csv"),
]
