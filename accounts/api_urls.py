from django.urls import path

from accounts import api

app_name = "accounts-api"
urlpatterns = [
    path("auth/register/", api.RegisterApi.as_view(), name="register"),
    path("auth/token/", api.TokenApi.as_view(), name="token"),
    path("auth/logout/", api.LogoutApi.as_view(), name="logout"),
    path("auth/logout-all/", api.LogoutAllApi.as_view(), name="logout-all"),
    path("me/", api.MeApi.as_view(), name="me"),
]
