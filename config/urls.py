from django.conf import settings
from django.contrib import admin
from django.urls import path
from django.views.decorators.csrf import csrf_exempt

from api import health
from api.metrics import metrics_view
from api.schema import schema
from api.views import GraphQLView, admin_login

urlpatterns = [
    # Before the admin's own URLs: its login page, throttled like the GraphQL login.
    path("admin/login/", admin_login, name="admin-login"),
    path("admin/", admin.site.urls),
    path("healthz", health.healthz, name="healthz"),
    path("readyz", health.readyz, name="readyz"),
    path("metrics", metrics_view, name="metrics"),
    # Clients authenticate with bearer tokens, not cookies, so CSRF tokens do not apply.
    path(
        "graphql",
        csrf_exempt(
            GraphQLView.as_view(schema=schema, graphql_ide="graphiql" if settings.DEBUG else None)
        ),
        name="graphql",
    ),
]
