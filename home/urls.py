from django.urls import path

from home import views

urlpatterns = [
    path("", views.home, name="home"),
    path("getting-started/", views.getting_started, name="getting-started"),
]
