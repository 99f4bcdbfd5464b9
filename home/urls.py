from django.urls import path

from home import background_status, views

urlpatterns = [
    path("", views.home, name="home"),
    path("getting-started/", views.getting_started, name="getting-started"),
    path(
        "status/background/",
        background_status.background_status_fragment,
        name="background-status",
    ),
]
