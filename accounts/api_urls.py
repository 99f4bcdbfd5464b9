from django.urls import path

from accounts import api

app_name = "accounts-api"
urlpatterns = [
    path("auth/register/", api.RegisterApi.as_view(), name="register"),
    path("auth/token/", api.TokenApi.as_view(), name="token"),
    path("me/", api.MeApi.as_view(), name="me"),
]
