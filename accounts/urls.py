from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import account_views, views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.ThrottledLoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("notifications/", views.notification_list, name="notifications"),
    path("notifications/read/", views.notifications_read, name="notifications-read"),
    path("live/me/", views.my_live, name="my-live"),
    path("account/", account_views.account, name="account"),
    path(
        "account/logout-everywhere/",
        account_views.logout_everywhere,
        name="account-logout-everywhere",
    ),
    path("account/close/", account_views.account_close, name="account-close"),
    path("account/password/", account_views.PasswordChangeView.as_view(), name="password-change"),
    path("password-reset/", account_views.PasswordResetView.as_view(), name="password-reset"),
    path(
        "password-reset/sent/",
        auth_views.PasswordResetDoneView.as_view(template_name="accounts/password_reset_sent.html"),
        name="password-reset-sent",
    ),
    path(
        "password-reset/<uidb64>/<token>/",
        account_views.PasswordResetConfirmView.as_view(),
        name="password-reset-confirm",
    ),
    path(
        "password-reset/desk/<uidb64>/<token>/",
        account_views.DeskResetConfirmView.as_view(),
        name="password-reset-desk",
    ),
    path(
        "password-reset/done/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name="accounts/password_reset_complete.html"
        ),
        name="password-reset-complete",
    ),
]
