from django.conf import settings
from django.contrib import admin
from django.urls import path
from django.views.decorators.csrf import csrf_exempt

from api import health
from api.metrics import metrics_view
from api.schema import schema
from api.views import GraphQLView, admin_login
from matches.notifications.views import unsubscribe_view

urlpatterns = [
    # Before the admin's own URLs: its login page, throttled like the GraphQL login.
    path("admin/login/", admin_login, name="admin-login"),
    path("admin/", admin.site.urls),
    path("healthz", health.healthz, name="healthz"),
    path("readyz", health.readyz, name="readyz"),
    path("metrics", metrics_view, name="metrics"),
    # The e-mail digest's signed unsubscribe link (and RFC 8058 one-click POSTs).
    path("notifications/unsubscribe/<str:token>", unsubscribe_view, name="unsubscribe"),
    # Clients authenticate with bearer tokens, not cookies, so CSRF tokens do not apply.
    path(
        "graphql",
        csrf_exempt(
            GraphQLView.as_view(schema=schema, graphql_ide="graphiql" if settings.DEBUG else None)
        ),
        name="graphql",
    ),
]
