from django.urls import path

from games import views, views_chat, views_days, views_ratings

app_name = "games"

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/", views.rules_page, name="rules"),
    path("games/new", views.game_new, name="new"),
    path("games/open", views.games_open, name="open"),
    path("games/mine", views.games_mine, name="mine"),
    path("games/join/<str:token>", views.game_join_by_token, name="join_by_token"),
    path("games/<int:game_id>/", views.game_detail, name="detail"),
    path("games/<int:game_id>/join", views.game_join, name="join"),
    path("games/<int:game_id>/leave", views.game_leave, name="leave"),
    path("games/<int:game_id>/start", views.game_start, name="start"),
    path("games/<int:game_id>/cancel", views.game_cancel, name="cancel"),
    path("games/<int:game_id>/rematch", views.game_rematch, name="rematch"),
    path("games/<int:game_id>/view", views.game_view, name="view"),
    path("games/<int:game_id>/moves", views.move_create, name="moves"),
    path("games/<int:game_id>/undo", views.move_undo, name="undo"),
    path("games/<int:game_id>/log", views.game_log, name="log"),
    path("games/<int:game_id>/chat", views_chat.game_chat, name="chat"),
    path("games/<int:game_id>/note", views_chat.game_note, name="note"),
    path("games/<int:game_id>/history", views.game_history, name="history"),
    path("games/<int:game_id>/analysis", views.game_analysis, name="analysis"),
    path("games/<int:game_id>/replay", views.game_replay_page, name="replay"),
    path("games/<int:game_id>/replay/<int:n>", views.game_replay_step, name="replay_step"),
    path("games/<int:game_id>/reclaim", views_days.seat_reclaim, name="reclaim"),
    path("notifications/", views_days.notifications_page, name="notifications"),
    path(
        "notifications/settings/<str:token>/",
        views_days.notify_settings,
        name="notify_settings",
    ),
    path("vacation/", views_days.vacation_page, name="vacation"),
    path("ratings/", views_ratings.leaderboard, name="leaderboard"),
    path("ratings/seasons/<int:season_id>/", views_ratings.season_table, name="season"),
    path("players/<int:user_id>/", views_ratings.player_page, name="player"),
]
